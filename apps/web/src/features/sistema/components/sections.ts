import { IconBuildingFactory2, IconTags, IconLayoutDashboard, IconShield, IconShirtSport } from '@tabler/icons-react';
import type { Access } from '@manto/contracts';

/**
 * The Sistema menu (docs/product.md §2), in order. Paths are relative to /app. Feedbacks, tournaments,
 * users (Admin) and terms (Admin) join with their own issues.
 */
export const SISTEMA_SECTIONS = [
  { key: 'dashboard', to: '/sistema', icon: IconLayoutDashboard, access: 'moderator', exact: true },
  { key: 'teams', to: '/sistema/times', icon: IconShield, access: 'moderator', exact: false },
  { key: 'jerseys', to: '/sistema/camisas', icon: IconShirtSport, access: 'moderator', exact: false },
  { key: 'models', to: '/sistema/modelos', icon: IconTags, access: 'moderator', exact: false },
  { key: 'suppliers', to: '/sistema/fornecedores', icon: IconBuildingFactory2, access: 'moderator', exact: false },
] as const satisfies readonly { key: string; to: string; icon: unknown; access: Access; exact: boolean }[];

export type SistemaSection = (typeof SISTEMA_SECTIONS)[number];

export function isSectionActive(section: Pick<SistemaSection, 'to' | 'exact'>, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return section.exact ? path === section.to : path === section.to || path.startsWith(`${section.to}/`);
}
