/**
 * What every answer to a fuzzed request must look like: never a 5xx, and any 4xx is the project's
 * error envelope (packages/contracts errorEnvelope) with its message in the caller's language
 * (docs/security.md items 12, 13 and 15; ADR 0003).
 */
import { ERROR_CODES, type Language, errorEnvelope, languageFromHeader, messages } from '@manto/contracts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalogue template as a pattern: its {{placeholders}} match any text. */
const pattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('[\\s\\S]*')}$`,
  );

/** Each message's patterns by its key; a plural message's forms (key_zero, key_one, key_other) under its base key. */
const PATTERNS = Object.fromEntries(
  (Object.keys(messages) as Language[]).map((lang) => {
    const byKey: Record<string, RegExp[]> = {};
    for (const [entry, template] of Object.entries(messages[lang]))
      (byKey[entry.replace(/_(zero|one|other)$/, '')] ??= []).push(pattern(template));
    return [lang, byKey];
  }),
) as Record<Language, Record<string, RegExp[]>>;

const strictEnvelope = errorEnvelope.strict();
const codes: readonly string[] = ERROR_CODES;

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Why an answer breaks the contract; empty when it keeps it. */
export function answerProblems(res: Answer, acceptLanguage: string | undefined): string[] {
  if (res.statusCode >= 500) return [`answered ${res.statusCode}: ${res.body.slice(0, 300)}`];
  if (res.statusCode < 400) return [];
  const lang = languageFromHeader(acceptLanguage);
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return [`${res.statusCode} with content type "${type}", not the envelope`];
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return [`${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`];
  }
  const parsed = strictEnvelope.safeParse(json);
  if (!parsed.success) return [`${res.statusCode} body is not the error envelope: ${res.body.slice(0, 300)}`];
  const envelope = parsed.data;
  const problems: string[] = [];
  if (envelope.statusCode !== res.statusCode)
    problems.push(`envelope says ${envelope.statusCode}, the status is ${res.statusCode}`);
  if (!codes.includes(envelope.code)) problems.push(`unknown error code ${envelope.code}`);
  else if (!PATTERNS[lang][envelope.code]?.some((p) => p.test(envelope.message)))
    problems.push(`message "${envelope.message}" is not the ${lang} text of ${envelope.code}`);
  for (const [field, message] of Object.entries(envelope.details ?? {})) {
    if (!Object.values(PATTERNS[lang]).some((forms) => forms.some((p) => p.test(message))))
      problems.push(`details.${field} "${message}" is not a ${lang} message`);
  }
  if (res.statusCode === 429 && !res.headers['retry-after']) problems.push('429 without Retry-After');
  return problems;
}
