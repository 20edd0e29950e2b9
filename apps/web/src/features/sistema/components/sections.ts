import {
  IconBuildingFactory2,
  IconFileText,
  IconHistory,
  IconTags,
  IconLayoutDashboard,
  IconMessageCircle,
  IconShield,
  IconShirtSport,
  IconShoppingBag,
  IconTrophy,
  IconUserExclamation,
  IconUsers,
} from '@tabler/icons-react';
import type { Access } from '@manto/contracts';
import type { Feature } from '#lib/features.ts';

/**
 * The Sistema menu (docs/product.md §2), in order. Paths are relative to /app. Entries a role may not
 * open are left out of its menu (the routes are guarded too), and so are those of a feature the server
 * runs without (their routes are not registered then).
 */
export const SISTEMA_SECTIONS = [
  { key: 'dashboard', to: '/sistema', icon: IconLayoutDashboard, access: 'moderator', exact: true },
  { key: 'teams', to: '/sistema/times', icon: IconShield, access: 'moderator', exact: false },
  { key: 'jerseys', to: '/sistema/camisas', icon: IconShirtSport, access: 'moderator', exact: false },
  { key: 'models', to: '/sistema/modelos', icon: IconTags, access: 'moderator', exact: false },
  { key: 'suppliers', to: '/sistema/fornecedores', icon: IconBuildingFactory2, access: 'moderator', exact: false },
  { key: 'tournaments', to: '/sistema/torneios', icon: IconTrophy, access: 'moderator', exact: false },
  {
    key: 'products',
    to: '/sistema/produtos',
    icon: IconShoppingBag,
    access: 'moderator',
    exact: false,
    feature: 'shop',
  },
  { key: 'feedbacks', to: '/sistema/feedbacks', icon: IconMessageCircle, access: 'moderator', exact: false },
  { key: 'voteFlags', to: '/sistema/votos-suspeitos', icon: IconUserExclamation, access: 'moderator', exact: false },
  { key: 'users', to: '/sistema/usuarios', icon: IconUsers, access: 'admin', exact: false },
  { key: 'audit', to: '/sistema/auditoria', icon: IconHistory, access: 'admin', exact: false },
  { key: 'terms', to: '/sistema/termos', icon: IconFileText, access: 'admin', exact: false },
] as const satisfies readonly {
  key: string;
  to: string;
  icon: unknown;
  access: Access;
  exact: boolean;
  feature?: Feature;
}[];

export type SistemaSection = (typeof SISTEMA_SECTIONS)[number];

export function isSectionActive(section: Pick<SistemaSection, 'to' | 'exact'>, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return section.exact ? path === section.to : path === section.to || path.startsWith(`${section.to}/`);
}
