/**
 * Requests for one OpenAPI operation: a well-formed draft from its schema, then up to a few mutations
 * (hostile values anywhere, prototype keys, dropped or duplicated fields, wrong content types,
 * oversized or broken bodies, odd headers). docs/security.md item 15.
 */
import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi.ts';
import {
  PROTOTYPE_KEYS,
  type Pools,
  Raw,
  anyJson,
  headerText,
  hostileString,
  hostileValue,
  protoValue,
  toJson,
  urlText,
  validValue,
  withOwnKey,
} from './values.ts';

export type Caller = 'visitor' | 'member' | 'moderator' | 'admin';
export const CALLERS: Caller[] = ['visitor', 'member', 'moderator', 'admin'];

type Where = 'path' | 'query' | 'header' | 'body';
export type Mutation =
  | { kind: 'replace'; where: Where; at: number; value: unknown }
  | { kind: 'addKey'; where: 'query' | 'body'; at: number; key: string; value: unknown }
  | { kind: 'drop'; where: 'query' | 'body'; at: number }
  | { kind: 'repeatQuery'; at: number; values: unknown[] }
  | { kind: 'contentType'; value: string | null }
  | { kind: 'rawBody'; text: string | Buffer }
  | { kind: 'oversize'; bytes: number }
  | { kind: 'authorization'; value: string }
  | { kind: 'acceptLanguage'; value: string }
  | { kind: 'method'; value: string }
  | { kind: 'pathShape'; value: string };

export interface FuzzRequest {
  caller: Caller;
  acceptLanguage: string | undefined;
  /** The last octet varies so per-IP limits seldom trip (a 429 is a fine answer, just a shallow one). */
  ip: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  mutations: Mutation[];
}

/** How often each caller is drawn: routes mostly see callers who get past their access rule. */
function callerFor(op: Operation): fc.Arbitrary<Caller> {
  const weights: Record<Caller, number> =
    op.access === 'public'
      ? { visitor: 3, member: 2, moderator: 1, admin: 1 }
      : op.access === 'signedIn'
        ? { visitor: 1, member: 3, moderator: 1, admin: 2 }
        : { visitor: 1, member: 1, moderator: 3, admin: 3 };
  return fc.oneof(...CALLERS.map((c) => ({ arbitrary: fc.constant(c), weight: weights[c] })));
}

const languages = fc.constantFrom(
  undefined,
  'pt',
  'en',
  'en-GB,en;q=0.9',
  'pt-BR',
  'fr, de;q=0.5',
  'en;q=abc, pt;q=0.1',
  '*',
);

const CONTENT_TYPES = [
  null,
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/vnd.api+json',
  'image/png',
  '}{',
  'application/json, text/plain',
];

const BROKEN_BODIES: (string | Buffer)[] = [
  '',
  ' ',
  '{',
  '{"a":',
  '[',
  'null',
  'true',
  '"text"',
  '[]',
  '0',
  '\ufeff{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":1e400}',
  "{'a':1}",
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
];

/** Ways to bend a path ("$" is the path): trailing or doubled slashes, dot segments, case, encodings. */
const PATH_SHAPES = [
  '$/',
  '/$',
  '$//',
  '$/..',
  '$/.',
  '$/%2e%2e',
  '$%2F',
  '$;x=1',
  '$/x',
  '$.json',
  'UPPER',
  '$%20',
  '$#x',
];

function mutation(op: Operation): fc.Arbitrary<Mutation> {
  const hasBody = op.body !== undefined;
  const wheres: Where[] = ['query', 'header', ...(op.params.some((p) => p.in === 'path') ? (['path'] as const) : [])];
  if (hasBody) wheres.push('body', 'body');
  const at = fc.nat();
  const arbs: fc.WeightedArbitrary<Mutation>[] = [
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('replace'),
        where: fc.constantFrom(...wheres),
        at,
        value: hostileValue,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('addKey'),
        where: fc.constantFrom<'query' | 'body'>(...(hasBody ? (['query', 'body'] as const) : (['query'] as const))),
        at,
        key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileString),
        value: fc.oneof(protoValue, hostileValue),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('drop'),
        where: fc.constantFrom<'query' | 'body'>(...(hasBody ? (['query', 'body'] as const) : (['query'] as const))),
        at,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('repeatQuery'),
        at,
        values: fc.array(fc.oneof(hostileString, anyJson), { minLength: 1, maxLength: 3 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('contentType'), value: fc.constantFrom(...CONTENT_TYPES) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('rawBody'), text: fc.constantFrom(...BROKEN_BODIES) }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('oversize'), bytes: fc.integer({ min: 64 * 1024, max: 200 * 1024 }) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('authorization'),
        value: fc.oneof(
          fc.constantFrom(
            'Bearer',
            'Bearer ',
            'Basic YTpi',
            'bearer x.y.z',
            'Bearer a.b.c',
            'Bearer null',
            'Bearer ' + 'A'.repeat(5000),
          ),
          hostileString.map((s) => `Bearer ${s}`),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('acceptLanguage'), value: hostileString }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('method'),
        value: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('pathShape'), value: fc.constantFrom(...PATH_SHAPES) }) },
  ];
  return fc.oneof(...arbs);
}

/** A request for `op`: a valid draft, then 0–3 mutations (a third of the runs stay well-formed). */
export function requestFor(op: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const group = (where: Parameter['in']) => {
    const params = op.params.filter((p) => p.in === where);
    const model = Object.fromEntries(
      params.map((p) => {
        const scoped =
          where === 'path'
            ? /([^/]+)\/\{[^}]+\}$/.exec(op.path.split(`{${p.name}}`)[0] + `{${p.name}}`)?.[1]
            : undefined;
        const name = scoped && pools.byName[`${scoped}/${p.name}`] ? `${scoped}/${p.name}` : p.name;
        return [p.name, validValue(p.schema, pools, name)];
      }),
    );
    return fc.record(model, { requiredKeys: params.filter((p) => p.required || where === 'path').map((p) => p.name) });
  };
  return fc.record({
    caller: callerFor(op),
    acceptLanguage: languages,
    ip: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.77.${a}.${b}`),
    path: group('path'),
    query: group('query'),
    headers: group('header'),
    body: op.body ? validValue(op.body, pools) : fc.constant(undefined),
    mutations: fc.oneof(
      { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
      { weight: 2, arbitrary: fc.array(mutation(op), { minLength: 1, maxLength: 3 }) },
    ),
  });
}
type Parameter = Operation['params'][number];

/** Every place in a JSON value where a value sits: its parent and key (the root has none). */
function slots(value: unknown): { parent: Record<string, unknown> | unknown[] | null; key: string | number }[] {
  const out: { parent: Record<string, unknown> | unknown[] | null; key: string | number }[] = [
    { parent: null, key: '' },
  ];
  const walk = (v: unknown, depth: number) => {
    if (depth > 6 || v === null || typeof v !== 'object' || v instanceof Raw) return;
    for (const key of Array.isArray(v) ? v.keys() : Object.keys(v)) {
      out.push({ parent: v as Record<string, unknown>, key });
      walk((v as Record<string | number, unknown>)[key], depth + 1);
    }
  };
  walk(value, 0);
  return out;
}

function objectsIn(value: unknown): Record<string, unknown>[] {
  return slots(value)
    .map((s) => (s.parent === null ? value : (s.parent as Record<string | number, unknown>)[s.key]))
    .filter(
      (v): v is Record<string, unknown> =>
        v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Raw),
    );
}

/** A mutation's value is shared with fast-check's own record of the run: edit a copy. */
const copy = <T>(value: T): T =>
  value instanceof Raw || value === null || typeof value !== 'object' ? value : structuredClone(value);

export interface Prepared {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The language the answer must be in. */
  acceptLanguage: string | undefined;
}

/**
 * Applies the mutations to a copy of the draft and writes the HTTP request. `token` is the caller's
 * access token (null for a visitor).
 */
export function prepare(op: Operation, request: FuzzRequest, token: string | null): Prepared {
  const draft = structuredClone({
    path: request.path,
    query: request.query,
    headers: request.headers,
    body: request.body,
  });
  let body: unknown = draft.body;
  let contentType: string | null | undefined;
  let rawBody: string | Buffer | undefined;
  let authorization = token ? `Bearer ${token}` : undefined;
  let acceptLanguage = request.acceptLanguage;
  let method = op.method;
  let pathShape: string | undefined;

  for (const m of request.mutations) {
    switch (m.kind) {
      case 'replace': {
        if (m.where === 'body') {
          const all = slots(body);
          const slot = all[m.at % all.length]!;
          if (slot.parent === null) body = copy(m.value);
          else (slot.parent as Record<string | number, unknown>)[slot.key] = copy(m.value);
        } else {
          const group = m.where === 'header' ? draft.headers : draft[m.where];
          const names =
            m.where === 'query' || m.where === 'header'
              ? op.params.filter((p) => p.in === m.where).map((p) => p.name)
              : Object.keys(group);
          if (names.length) group[names[m.at % names.length]!] = copy(m.value);
          else if (m.where === 'query') group.q = copy(m.value);
          else acceptLanguage = headerText(m.value);
        }
        break;
      }
      case 'addKey': {
        if (m.where === 'query') withOwnKey(draft.query, m.key, copy(m.value));
        else {
          const targets = objectsIn(body);
          if (targets.length) withOwnKey(targets[m.at % targets.length]!, m.key, copy(m.value));
        }
        break;
      }
      case 'drop': {
        const target = m.where === 'query' ? draft.query : objectsIn(body)[0];
        const keys = target ? Object.keys(target) : [];
        if (target && keys.length) delete target[keys[m.at % keys.length]!];
        break;
      }
      case 'repeatQuery': {
        const names = op.params.filter((p) => p.in === 'query').map((p) => p.name);
        const name = names.length ? names[m.at % names.length]! : 'page';
        draft.query[name] = [draft.query[name] ?? '1', ...m.values.map(copy)];
        break;
      }
      case 'contentType':
        contentType = m.value;
        break;
      case 'rawBody':
        rawBody = m.text;
        break;
      case 'oversize':
        rawBody = `{"pad":"${'x'.repeat(m.bytes)}","body":${toJson(body ?? null)}}`;
        break;
      case 'authorization':
        authorization = m.value;
        break;
      case 'acceptLanguage':
        acceptLanguage = headerText(m.value);
        break;
      case 'method':
        method = m.value;
        break;
      case 'pathShape':
        pathShape = m.value;
        break;
    }
  }

  let path = op.path;
  for (const p of op.params.filter((q) => q.in === 'path'))
    path = path.replace(`{${p.name}}`, urlText(draft.path[p.name]));
  if (pathShape === 'UPPER') path = path.toUpperCase();
  else if (pathShape) path = pathShape.replace('$', path);
  const query = Object.entries(draft.query).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).filter((x) => x !== undefined).map((x) => `${urlText(k)}=${urlText(x)}`),
  );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(draft.headers)) if (v !== undefined) headers[k] = headerText(v);
  if (authorization !== undefined) headers.authorization = headerText(authorization);
  if (acceptLanguage !== undefined) headers['accept-language'] = acceptLanguage;

  const payload = rawBody ?? (body === undefined ? undefined : toJson(body));
  if (payload !== undefined) {
    if (contentType === undefined) headers['content-type'] = 'application/json';
    else if (contentType !== null) headers['content-type'] = contentType;
  } else if (contentType) headers['content-type'] = contentType;

  return {
    method,
    url: query.length ? `${path}?${query.join('&')}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    acceptLanguage,
  };
}

// ---- unknown fields (docs/security.md item 11, ADR 0032) ----

/** Names a client might slip in: mass-assignment favourites, near-misses of real fields, prototype names. */
const UNKNOWN_NAMES = [
  'roles',
  'role',
  'isAdmin',
  'id',
  'userId',
  'active',
  'createdAt',
  'passwordHash',
  'confirmedAt',
  'logoImageId',
  'crestImageId',
  'slug',
  'counted',
  'toString',
  'constructor',
  'a.b',
  'ação',
  ' ',
];
const unknownName = fc.oneof(fc.constantFrom(...UNKNOWN_NAMES), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,24}$/));
/** Any JSON without NUL (which the text check would name first, with its own message). */
const plainJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }).map(withoutNul),
  fc.constant(['Admin']),
  fc.constant({ nested: true }),
);
function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '');
}

/** An object of a body that its schema closes (additionalProperties: false), with its dotted path. */
export interface ClosedObject {
  path: string;
  target: Record<string, unknown>;
  known: string[];
}

/** The branch of a union a value was drawn from: its keys all known and its constants equal. */
function branchFor(branches: JsonSchema[], value: unknown): JsonSchema | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return branches[0];
  const v = value as Record<string, unknown>;
  return branches.find(
    (b) =>
      b.properties !== undefined &&
      Object.keys(v).every((k) => k in b.properties!) &&
      Object.entries(b.properties).every(
        ([k, p]) => (p.const === undefined || v[k] === p.const) && (p.enum?.length !== 1 || v[k] === p.enum[0]),
      ),
  );
}

/** Every closed object of a body, outermost first. A map (a record: additionalProperties is a schema) is not one. */
export function closedObjects(schema: JsonSchema | undefined, value: unknown, path = ''): ClosedObject[] {
  if (!schema || value === null || typeof value !== 'object' || value instanceof Raw) return [];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return closedObjects(branchFor(union, value), value, path);
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (Array.isArray(value)) return value.flatMap((item, i) => closedObjects(schema.items, item, at(i)));
  const object = value as Record<string, unknown>;
  const own: ClosedObject[] =
    schema.properties && schema.additionalProperties === false
      ? [{ path, target: object, known: Object.keys(schema.properties) }]
      : [];
  return [...own, ...Object.keys(object).flatMap((k) => closedObjects(schema.properties?.[k], object[k], at(k)))];
}

/**
 * Callers the operation admits, so the request gets past access to validation.
 */
function admittedCaller(op: Operation): fc.Arbitrary<Caller> {
  const admitted: Record<string, Caller[]> = {
    public: CALLERS,
    signedIn: ['member', 'moderator', 'admin'],
    moderator: ['moderator', 'admin'],
    admin: ['admin'],
  };
  return fc.constantFrom(...(admitted[op.access ?? 'admin'] ?? ['admin']));
}

export interface UnknownFieldRequest {
  request: FuzzRequest;
  /** Where the unknown field goes among the body's closed objects (the body itself for a write without one). */
  at: number;
  name: string;
  value: unknown;
}

/** A well-formed request for a write, by a caller it admits, to carry one field the operation does not know. */
export function unknownFieldRequest(op: Operation, pools: Pools): fc.Arbitrary<UnknownFieldRequest> {
  return fc
    .record({
      request: requestFor(op, pools).map((r) => ({ ...r, mutations: [] })),
      caller: admittedCaller(op),
      acceptLanguage: fc.constantFrom(undefined, 'pt', 'en', 'pt-BR', 'en-GB,en;q=0.9'),
      at: fc.nat(),
      name: unknownName,
      value: plainJson,
    })
    .map(({ request, caller, acceptLanguage, ...rest }) => ({
      request: { ...request, caller, acceptLanguage },
      ...rest,
    }));
}

/**
 * The request with its unknown field in place, and the field's dotted path the 400 must name. A write
 * that takes no body gets a body holding just that field.
 */
export function withUnknownField(op: Operation, u: UnknownFieldRequest): { request: FuzzRequest; field: string } {
  const body: unknown = u.request.body === undefined ? {} : structuredClone(u.request.body);
  const closed = op.body
    ? closedObjects(op.body, body)
    : [{ path: '', target: body as Record<string, unknown>, known: [] }];
  if (closed.length === 0) throw new Error(`${op.key}: its body has no closed object to add a field to`);
  const { path, target, known } = closed[u.at % closed.length]!;
  let name = u.name;
  while (known.includes(name)) name = `${name}X`;
  withOwnKey(target, name, u.value);
  return { request: { ...u.request, body }, field: path ? `${path}.${name}` : name };
}

/**
 * Where a body schema leaves an object open: one with named fields but no `additionalProperties:
 * false`, so fields it does not name would pass (and be dropped, or kept unseen). Paths are dotted,
 * '' for the body itself, `[]` for an array's items.
 */
export function openObjects(schema: JsonSchema | undefined, path = ''): string[] {
  if (!schema) return [];
  const at = (key: string) => (path ? `${path}.${key}` : key);
  const own = schema.properties && schema.additionalProperties !== false ? [path] : [];
  return [
    ...own,
    ...Object.entries(schema.properties ?? {}).flatMap(([k, s]) => openObjects(s, at(k))),
    ...openObjects(schema.items, at('[]')),
    ...(typeof schema.additionalProperties === 'object' ? openObjects(schema.additionalProperties, at('*')) : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) => openObjects(s, path)),
  ];
}
