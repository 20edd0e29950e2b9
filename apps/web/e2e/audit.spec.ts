import { adminToken, uniqueSuffix } from './support/catalogue.ts';
import { ADMIN, expect, signIn, test } from './support/fixtures.ts';

// The audit trail (docs/security.md item 26): an Admin sees who changed what in Sistema.
test('an admin finds a team they renamed in the audit trail, field by field', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const name = `Clube Auditado ${uniqueSuffix()}`;
  const team = { country: 'Brasil', city: 'Olinda', baseColor: '#224466', category: 'club' };
  const created = await request.post('/api/manage/teams', { headers, data: { ...team, name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const renamed = await request.put(`/api/manage/teams/${id}`, { headers, data: { ...team, name: `${name} FC` } });
  expect(renamed.status()).toBe(200);

  await signIn(page, ADMIN);
  await page.goto('/app/sistema/auditoria?tipo=teams');
  await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `${name} → ${name} FC` });
  await expect(row).toBeVisible();
  await expect(row.getByText('Alterou')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `definido como ${name}` })).toBeVisible();
});
