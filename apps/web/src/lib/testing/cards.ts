import { screen, within } from '@testing-library/react';

/**
 * On a phone (see media.ts), the card of a list named `list` whose text holds `name`: the `<li>`, and a
 * field's value in it by its label (the `<dd>` after the `<dt>`).
 */
export async function findCard(list: string, name: string) {
  const item = (await within(await screen.findByRole('list', { name: list })).findByText(name)).closest('li')!;
  return {
    item,
    ...within(item),
    field: (label: string) => within(item).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement,
  };
}
