import { type SQL, type SQLWrapper, asc } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { pageOffset } from './search.ts';

/** Which page of a list, and how long a page is. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** One page of rows and the length of the whole list. */
export interface RowsPage<Row> {
  rows: Row[];
  total: number;
}

/** The paged answer of every list endpoint. */
export interface Page<Item> extends PageRequest {
  items: Item[];
  total: number;
}

/**
 * Runs one page of a list query (already filtered and ordered) and the count of the whole list
 * together.
 */
export async function selectPage<Query extends PgSelect>(
  list: Query,
  count: Promise<{ n: number }[]>,
  request: PageRequest,
): Promise<RowsPage<Awaited<Query>[number]>> {
  const [rows, [total]] = await Promise.all([
    list.limit(request.pageSize).offset(pageOffset(request.page, request.pageSize)),
    count,
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The ORDER BY of a list's `sort` key (the route's schema allows only the keys of `sorts`); the id
 * breaks ties so pages never overlap. Own keys only: `constructor` or `__proto__` are not orders.
 */
export function sortOrder<Key extends string>(
  sorts: Record<Key, SQL[]>,
  key: Key | undefined,
  fallback: Key,
  id: SQLWrapper,
) {
  const chosen = key !== undefined && Object.hasOwn(sorts, key) ? key : fallback;
  return [...sorts[chosen], asc(id)];
}

/** The paged answer: each row as an API item, with the page that was asked for. */
export function pageOf<Row, Item>(request: PageRequest, found: RowsPage<Row>, toItem: (row: Row) => Item): Page<Item> {
  return { items: found.rows.map(toItem), total: found.total, page: request.page, pageSize: request.pageSize };
}
