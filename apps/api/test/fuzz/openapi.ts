/**
 * The operations of the app's own OpenAPI document (GET /api/docs), as the access matrix and the fuzz
 * suite walk them. The document is the list: a route that is not in it, or that carries no access
 * rule there, fails (docs/security.md items 9 and 15).
 */
import type { Access } from '@manto/contracts';

/** The subset of JSON Schema the contracts produce (zod → OpenAPI 3.0). */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "POST /api/manage/teams/{id}" */
  key: string;
  method: string;
  /** The OpenAPI path, with {name} placeholders. */
  path: string;
  /** Absent when the document does not say (a failure of its own). */
  access: Access | undefined;
  params: Parameter[];
  /** The JSON request body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: RequestBody; 'x-access'?: Access }>>;
}
interface RequestBody {
  content?: Record<string, { schema?: JsonSchema }>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);
const ACCESS: readonly string[] = ['public', 'signedIn', 'moderator', 'admin'];

export function operations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const access = op['x-access'];
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        access: typeof access === 'string' && ACCESS.includes(access) ? access : undefined,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

/** Fastify's "/api/teams/:id" as OpenAPI writes it, "/api/teams/{id}". */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * What is wrong between the document and the routes the server registered (its access table):
 * a route missing from the document, an operation with no access rule, or one whose rule differs.
 */
export function documentProblems(ops: Operation[], table: { method: string; url: string; access: Access }[]): string[] {
  const problems: string[] = [];
  const documented = new Map(ops.map((op) => [op.key, op]));
  for (const route of table) {
    const key = `${route.method} ${openApiPath(route.url)}`;
    const op = documented.get(key);
    if (!op) problems.push(`${key} is served but missing from the OpenAPI document`);
    else if (op.access !== route.access)
      problems.push(`${key}: the document says access ${String(op.access)}, the route enforces ${route.access}`);
  }
  const served = new Set(table.map((r) => `${r.method} ${openApiPath(r.url)}`));
  for (const op of ops) {
    if (!op.access) problems.push(`${op.key} declares no access rule in the document`);
    if (!served.has(op.key)) problems.push(`${op.key} is documented but not in the server's route table`);
  }
  return problems;
}
