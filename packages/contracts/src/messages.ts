/**
 * Messages for error codes and validation keys, shared by the API (which localises its error
 * envelope from Accept-Language) and the web (which shows the same text for client-side checks).
 * Placeholders use {{name}} as i18next does.
 */
import type { Language } from './languages.ts';

export { LANGUAGES, type Language } from './languages.ts';

const pt = {
  // validation keys (zod issues map to these; see validation.ts)
  required: 'Campo obrigatório.',
  invalidEmail: 'Formato de e-mail inválido.',
  invalidValue: 'Valor inválido.',
  invalidCharacter: 'Caractere não permitido.',
  missingReference: 'Registro relacionado não encontrado.',
  alreadyExists: 'Já existe um registro com este valor.',
  stillReferenced: 'Outros registros ainda usam este.',
  oneOf: 'Valor inválido. Use um destes: {{values}}.',
  tooLong: 'Use no máximo {{max}} caracteres.',
  tooShort: 'Use ao menos {{min}} caracteres.',
  tooMany: 'No máximo {{max}} itens.',
  unknownField: 'Campo não permitido.',
  passwordsDoNotMatch: 'As senhas não coincidem.',
  passwordTooWeak: 'Senha muito fraca: use de 8 a 128 caracteres e evite senhas comuns.',
  mustAcceptTerms: 'Você precisa aceitar os termos de uso.',
  invalidTeam: 'Time inválido.',
  // catalogue form messages (docs/product.md §5)
  teamNameRequired: 'O nome do time é obrigatório.',
  countryRequired: 'O país é obrigatório.',
  cityRequired: 'A cidade é obrigatória.',
  baseColorRequired: 'A cor base é obrigatória.',
  categoryRequired: 'A categoria é obrigatória.',
  teamRequired: 'Time obrigatório',
  modelRequired: 'Modelo obrigatório',
  seasonRequired: 'Ano obrigatório',
  modelYearRequired: 'Temporada obrigatória',
  supplierRequired: 'Fornecedor obrigatório',
  mainColorRequired: 'Cor principal obrigatória',
  imageRequired: 'Imagem obrigatória',
  imageSourceRequired: 'Fonte da imagem obrigatória',
  nameRequired: 'Nome é obrigatório',
  invalidColor: 'Use uma cor no formato #RRGGBB.',
  invalidSeason: 'Informe um ano entre 1870 e 2100.',
  invalidUrl: 'Informe um endereço começando com http:// ou https://.',
  urlCharacter: 'O endereço não pode ter espaços, quebras de linha nem caracteres invisíveis ou de controle.',
  // the shop's product form (the legacy jersey rule set)
  productNameMin: 'O nome deve ter ao menos 3 caracteres.',
  productTeamMin: 'O time deve ter ao menos 2 caracteres.',
  productSeasonMin: 'A temporada deve ter ao menos 2 caracteres.',
  productPricePositive: 'O preço deve ser maior que zero.',
  offerPricePositive: 'O preço da oferta deve ser maior que zero.',
  priceTooHigh: 'Preço alto demais: confira o valor.',
  // "Minha coleção" (ADR 0042)
  targetPriceRange: 'Informe um preço de R$ 0 a R$ 100.000.',
  targetPriceWantedOnly: 'O aviso de preço é só para camisas que você quer.',
  productDescriptionMin: 'A descrição deve ter ao menos 10 caracteres.',
  stockNotNegative: 'O estoque não pode ser negativo.',
  coloursRequired: 'Informe ao menos uma cor.',
  sizesRequired: 'Informe ao menos um tamanho.',
  unknownSize: 'Este tamanho não está na lista de tamanhos.',
  invalidDiscount: 'O desconto deve ser de 0 a 90%.',
  invalidRating: 'A avaliação vai de 0 a 5, com uma casa decimal.',
  storeNameMin: 'O nome da loja deve ter ao menos 2 caracteres.',
  slugTaken: 'Já existe um registro com este nome.',
  // tournament form messages
  tournamentNameRequired: 'O nome do torneio é obrigatório.',
  sizeInvalid: 'O tamanho deve ser 4, 8, 16, 32 ou 64 camisas.',
  sizeLargerThanPool_zero: 'O grupo não tem camisas ativas: amplie o grupo.',
  sizeLargerThanPool_one: 'O grupo tem só {{count}} camisa ativa: escolha um tamanho menor ou amplie o grupo.',
  sizeLargerThanPool_other: 'O grupo tem só {{count}} camisas ativas: escolha um tamanho menor ou amplie o grupo.',
  startRequired: 'Informe a data e a hora de início.',
  startInPast: 'O início não pode estar no passado.',
  roundDurationRange: 'Cada rodada dura de 1 hora a 14 dias (336 horas).',
  poolRequired: 'Escolha as camisas à mão ou por regra.',
  poolEmpty: 'Escolha ao menos uma camisa.',
  seasonRangeInverted: 'O ano final deve ser igual ou posterior ao inicial.',
  // error codes
  IN_USE_one: 'Não é possível excluir: {{count}} camisa ainda usa este registro. Desative ou mova a camisa antes.',
  IN_USE_other:
    'Não é possível excluir: {{count}} camisas ainda usam este registro. Desative ou mova as camisas antes.',
  INVALID_IMAGE: 'O arquivo não é uma imagem válida. Envie JPEG, PNG, WebP ou AVIF de até 10 MB.',
  IMAGE_TOO_LARGE: 'Imagem grande demais: envie até 10 MB e no máximo 40 megapixels.',
  HAS_VOTES_one:
    'Não é possível excluir: esta camisa já recebeu {{count}} voto. Desative-a para tirá-la dos duelos e rankings.',
  HAS_VOTES_other:
    'Não é possível excluir: esta camisa já recebeu {{count}} votos. Desative-a para tirá-la dos duelos e rankings.',
  VOTER_REQUIRED: 'Identificação do votante ausente. Recarregue a página e tente de novo.',
  VOTER_ID_INVALID: 'Identificação de visitante inválida ou antiga. Carregue um novo duelo.',
  UNSUBSCRIBE_LINK_INVALID:
    'Este link de cancelamento não é válido. Use o link do e-mail mais recente ou mude suas escolhas nas notificações.',
  INVALID_DUEL: 'Duelo inválido. Carregue um novo duelo.',
  DUEL_NOT_YOURS: 'Este duelo foi aberto em outra sessão. Carregue um novo duelo.',
  DUEL_EXPIRED: 'Este duelo expirou. Carregue um novo duelo.',
  DUEL_ALREADY_ANSWERED: 'Você já votou neste duelo.',
  VOTE_TOO_FAST: 'Calma! Olhe as duas camisas antes de votar.',
  MAIL_NOT_RETRYABLE:
    'Este e-mail não pode ser reenviado: a conta já não precisa dele (foi confirmada, desativada ou excluída).',
  TOURNAMENT_STARTED:
    'O torneio já começou: a chave está congelada. Só nomes, descrições e capa podem mudar, e ele não pode ser excluído.',
  NO_OPEN_ROUND: 'Nenhuma rodada aberta neste torneio.',
  ROUND_NOT_OPEN:
    'A rodada {{round}} não está mais aberta: ela já foi encerrada (por outra pessoa ou no horário previsto). Nada foi alterado; confira a rodada atual antes de encerrar de novo.',
  RECENT_SIGN_IN_REQUIRED: 'Por segurança, saia e entre de novo antes de excluir a conta (vale por 10 minutos).',
  ACCOUNT_DELETED: 'Sua conta foi excluída. Seus votos continuam contando, sem ligação com você.',
  IN_TOURNAMENT_one:
    'Não é possível excluir: esta camisa jogou {{count}} torneio e fica na chave para sempre. Desative-a para tirá-la dos duelos e rankings.',
  IN_TOURNAMENT_other:
    'Não é possível excluir: esta camisa jogou {{count}} torneios e fica na chave para sempre. Desative-a para tirá-la dos duelos e rankings.',
  MATCH_CLOSED: 'Esta rodada já foi encerrada. Veja o próximo confronto.',
  LAST_ADMIN:
    'Não é possível: este é o último Admin ativo. Torne outra pessoa Admin antes de remover o papel ou desativar esta conta.',
  CANNOT_DEACTIVATE_SELF: 'Você não pode desativar a sua própria conta.',
  ALREADY_CONFIRMED: 'Este e-mail já foi confirmado.',
  TERMS_NOT_ACCEPTED: 'Os termos de uso mudaram. Leia e aceite a nova versão para continuar.',
  TERMS_OUTDATED: 'Uma versão mais nova dos termos foi publicada. Leia e aceite a versão atual.',
  TERMS_PUBLISHED: 'Esta versão já foi publicada e não pode mudar. Crie uma nova versão.',
  TERMS_DRAFT_EXISTS: 'Já existe um rascunho (versão {{version}}). Edite-o ou exclua-o antes de criar outro.',
  VALIDATION_FAILED: 'Verifique os campos destacados.',
  INVALID_CREDENTIALS: 'E-mail ou senha inválidos.',
  EMAIL_NOT_CONFIRMED: 'Confirme seu e-mail antes de entrar. Enviamos um link para sua caixa de entrada.',
  EMAIL_ALREADY_EXISTS: 'Este e-mail já está cadastrado.',
  INVALID_TOKEN: 'Link inválido ou expirado. Peça um novo.',
  INVALID_REFRESH_TOKEN: 'Sua sessão expirou. Entre novamente.',
  UNAUTHORIZED: 'Você precisa entrar para continuar.',
  FORBIDDEN: 'Você não tem permissão para acessar esta página.',
  NOT_FOUND: 'Não encontrado.',
  JERSEY_NOT_FOUND: 'Camisa não encontrada: ela não existe ou saiu do catálogo.',
  TOO_MANY_REQUESTS_one: 'Muitas tentativas. Aguarde {{count}} segundo e tente novamente.',
  TOO_MANY_REQUESTS_other: 'Muitas tentativas. Aguarde {{count}} segundos e tente novamente.',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de conteúdo não suportado. Envie JSON.',
  PAYLOAD_TOO_LARGE: 'Conteúdo grande demais.',
  WRONG_PASSWORD: 'A senha atual está incorreta.',
  ACCOUNT_INACTIVE: 'Esta conta está desativada.',
  PROVIDER_UNAVAILABLE: 'Este provedor de login não está disponível.',
  SOCIAL_LOGIN_FAILED: 'Não foi possível entrar com o provedor. Tente novamente.',
  NO_PASSWORD: 'Esta conta entra por um provedor social e ainda não tem senha.',
  SERVICE_UNAVAILABLE: 'Serviço indisponível no momento. Tente novamente em instantes.',
  INTERNAL_ERROR: 'Erro interno. Informe o código {{requestId}} se o problema continuar.',
  FORGOT_PASSWORD_SENT: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
  CONFIRMATION_SENT: 'Se o e-mail estiver cadastrado e não confirmado, enviaremos um novo link.',
  REGISTERED: 'Cadastro realizado! Enviamos um link de confirmação para o seu e-mail.',
  PASSWORD_RESET: 'Senha redefinida',
  PASSWORD_CHANGED: 'Senha alterada com sucesso.',
  // feedback (spec §3)
  feedbackTypeRequired: 'Escolha o tipo: sugestão, reclamação, bug ou elogio.',
  FEEDBACK_RATE_LIMITED_one:
    'Você já enviou {{max}} feedbacks na última hora. Obrigado! Tente de novo em {{count}} minuto.',
  FEEDBACK_RATE_LIMITED_other:
    'Você já enviou {{max}} feedbacks na última hora. Obrigado! Tente de novo em {{count}} minutos.',
  FEEDBACK_TRANSITION:
    'Mudança de situação não permitida: um feedback vai de pendente a revisado e depois a resolvido, e pode ser reaberto (volta a pendente).',
  CONFIRMATION_QUEUED: 'Novo link de confirmação enviado para {{email}}.',
} as const;

/** The catalogue's entries: plain keys and plural forms (key_zero, key_one, key_other, as i18next reads them). */
type Entry = keyof typeof pt;
/** A message's key; a plural message by its base name (IN_USE for IN_USE_one and IN_USE_other). */
export type MessageKey = Entry extends `${infer Base}_${'zero' | 'one' | 'other'}` ? Base : Entry;

const en: Record<Entry, string> = {
  required: 'This field is required.',
  invalidEmail: 'Invalid email format.',
  invalidValue: 'Invalid value.',
  invalidCharacter: 'Character not allowed.',
  missingReference: 'Related record not found.',
  alreadyExists: 'A record with this value already exists.',
  stillReferenced: 'Other records still use this one.',
  oneOf: 'Invalid value. Use one of: {{values}}.',
  tooLong: 'Use at most {{max}} characters.',
  tooShort: 'Use at least {{min}} characters.',
  tooMany: 'At most {{max}} items.',
  unknownField: 'Field not allowed.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooWeak: 'Password too weak: use 8 to 128 characters and avoid common passwords.',
  mustAcceptTerms: 'You must accept the terms of use.',
  invalidTeam: 'Invalid team.',
  teamNameRequired: 'The team name is required.',
  countryRequired: 'The country is required.',
  cityRequired: 'The city is required.',
  baseColorRequired: 'The base colour is required.',
  categoryRequired: 'The category is required.',
  teamRequired: 'Team required',
  modelRequired: 'Model required',
  seasonRequired: 'Year required',
  modelYearRequired: 'Season required',
  supplierRequired: 'Supplier required',
  mainColorRequired: 'Main colour required',
  imageRequired: 'Image required',
  imageSourceRequired: 'Image source required',
  nameRequired: 'Name is required',
  invalidColor: 'Use a colour in the #RRGGBB format.',
  invalidSeason: 'Enter a year between 1870 and 2100.',
  invalidUrl: 'Enter an address starting with http:// or https://.',
  urlCharacter: 'The address cannot hold spaces, line breaks or invisible or control characters.',
  // the shop's product form (the legacy jersey rule set)
  productNameMin: 'The name must have at least 3 characters.',
  productTeamMin: 'The team must have at least 2 characters.',
  productSeasonMin: 'The season must have at least 2 characters.',
  productPricePositive: 'The price must be greater than zero.',
  offerPricePositive: 'The offer price must be greater than zero.',
  priceTooHigh: 'Price too high: check the amount.',
  targetPriceRange: 'Enter a price from R$ 0 to R$ 100,000.',
  targetPriceWantedOnly: 'Price alerts are only for jerseys you want.',
  productDescriptionMin: 'The description must have at least 10 characters.',
  stockNotNegative: 'Stock cannot be negative.',
  coloursRequired: 'Enter at least one colour.',
  sizesRequired: 'Enter at least one size.',
  unknownSize: 'This size is not in the list of sizes.',
  invalidDiscount: 'The discount must be from 0 to 90%.',
  invalidRating: 'The rating goes from 0 to 5, with one decimal.',
  storeNameMin: 'The store name must have at least 2 characters.',
  slugTaken: 'A record with this name already exists.',
  tournamentNameRequired: 'The tournament name is required.',
  sizeInvalid: 'The size must be 4, 8, 16, 32 or 64 jerseys.',
  sizeLargerThanPool_zero: 'The pool has no active jerseys: widen the pool.',
  sizeLargerThanPool_one: 'The pool holds only {{count}} active jersey: choose a smaller size or widen the pool.',
  sizeLargerThanPool_other: 'The pool holds only {{count}} active jerseys: choose a smaller size or widen the pool.',
  startRequired: 'Enter the start date and time.',
  startInPast: 'The start cannot be in the past.',
  roundDurationRange: 'Each round lasts from 1 hour to 14 days (336 hours).',
  poolRequired: 'Pick the jerseys by hand or by rule.',
  poolEmpty: 'Pick at least one jersey.',
  seasonRangeInverted: 'The last year must be the same as or after the first.',
  IN_USE_one: 'Cannot delete: {{count}} jersey still uses this record. Deactivate or move that jersey first.',
  IN_USE_other: 'Cannot delete: {{count}} jerseys still use this record. Deactivate or move those jerseys first.',
  INVALID_IMAGE: 'The file is not a valid image. Upload a JPEG, PNG, WebP or AVIF of up to 10 MB.',
  IMAGE_TOO_LARGE: 'Image too large: upload up to 10 MB and at most 40 megapixels.',
  HAS_VOTES_one: 'Cannot delete: this jersey has {{count}} vote. Deactivate it to take it out of duels and rankings.',
  HAS_VOTES_other:
    'Cannot delete: this jersey has {{count}} votes. Deactivate it to take it out of duels and rankings.',
  VOTER_REQUIRED: 'Missing voter id. Reload the page and try again.',
  VOTER_ID_INVALID: 'Invalid or outdated visitor id. Load a new duel.',
  UNSUBSCRIBE_LINK_INVALID:
    'This unsubscribe link is not valid. Use the link in the latest email or change your choices in your notifications.',
  INVALID_DUEL: 'Invalid duel. Load a new one.',
  DUEL_NOT_YOURS: 'This duel was opened in another session. Load a new one.',
  DUEL_EXPIRED: 'This duel has expired. Load a new one.',
  DUEL_ALREADY_ANSWERED: 'You have already voted in this duel.',
  VOTE_TOO_FAST: 'Easy! Look at both jerseys before voting.',
  MAIL_NOT_RETRYABLE:
    'This email cannot be sent again: the account no longer needs it (confirmed, deactivated or deleted).',
  TOURNAMENT_STARTED:
    'The tournament has started: its bracket is frozen. Only names, descriptions and cover may change, and it cannot be deleted.',
  NO_OPEN_ROUND: 'No round is open in this tournament.',
  ROUND_NOT_OPEN:
    'Round {{round}} is no longer open: it has already been closed (by someone else or at its planned end). Nothing was changed; check the current round before closing again.',
  RECENT_SIGN_IN_REQUIRED: 'For your safety, sign out and in again before deleting the account (valid for 10 minutes).',
  ACCOUNT_DELETED: 'Your account was deleted. Your votes still count, no longer linked to you.',
  IN_TOURNAMENT_one:
    'Cannot delete: this jersey played {{count}} tournament and stays in its bracket. Deactivate it to take it out of duels and rankings.',
  IN_TOURNAMENT_other:
    'Cannot delete: this jersey played {{count}} tournaments and stays in their brackets. Deactivate it to take it out of duels and rankings.',
  MATCH_CLOSED: 'This round has closed. Here is the next match.',
  LAST_ADMIN:
    'Not possible: this is the last active Admin. Make someone else an Admin before removing the role or deactivating this account.',
  CANNOT_DEACTIVATE_SELF: 'You cannot deactivate your own account.',
  ALREADY_CONFIRMED: 'This email is already confirmed.',
  TERMS_NOT_ACCEPTED: 'The terms of use have changed. Read and accept the new version to continue.',
  TERMS_OUTDATED: 'A newer version of the terms was published. Read and accept the current version.',
  TERMS_PUBLISHED: 'This version is already published and cannot change. Create a new version.',
  TERMS_DRAFT_EXISTS: 'A draft already exists (version {{version}}). Edit or delete it before creating another.',
  VALIDATION_FAILED: 'Please check the highlighted fields.',
  INVALID_CREDENTIALS: 'Invalid email or password.',
  EMAIL_NOT_CONFIRMED: 'Confirm your email before signing in. We sent a link to your inbox.',
  EMAIL_ALREADY_EXISTS: 'This email is already registered.',
  INVALID_TOKEN: 'Invalid or expired link. Request a new one.',
  INVALID_REFRESH_TOKEN: 'Your session has expired. Please sign in again.',
  UNAUTHORIZED: 'You need to sign in to continue.',
  FORBIDDEN: 'You do not have permission to access this page.',
  NOT_FOUND: 'Not found.',
  JERSEY_NOT_FOUND: 'Jersey not found: it does not exist or has left the catalogue.',
  TOO_MANY_REQUESTS_one: 'Too many attempts. Wait {{count}} second and try again.',
  TOO_MANY_REQUESTS_other: 'Too many attempts. Wait {{count}} seconds and try again.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type. Send JSON.',
  PAYLOAD_TOO_LARGE: 'Content too large.',
  WRONG_PASSWORD: 'The current password is incorrect.',
  ACCOUNT_INACTIVE: 'This account is deactivated.',
  PROVIDER_UNAVAILABLE: 'This sign-in provider is not available.',
  SOCIAL_LOGIN_FAILED: 'Could not sign in with the provider. Please try again.',
  NO_PASSWORD: 'This account signs in through a social provider and has no password yet.',
  SERVICE_UNAVAILABLE: 'Service unavailable right now. Try again shortly.',
  INTERNAL_ERROR: 'Internal error. Quote code {{requestId}} if the problem persists.',
  FORGOT_PASSWORD_SENT: 'If the email is registered, we will send a link to reset the password.',
  CONFIRMATION_SENT: 'If the email is registered and not yet confirmed, we will send a new link.',
  REGISTERED: 'Registration complete! We sent a confirmation link to your email.',
  PASSWORD_RESET: 'Password reset',
  PASSWORD_CHANGED: 'Password changed.',
  feedbackTypeRequired: 'Choose the type: suggestion, complaint, bug or praise.',
  FEEDBACK_RATE_LIMITED_one:
    'You have already sent {{max}} feedbacks in the last hour. Thank you! Try again in {{count}} minute.',
  FEEDBACK_RATE_LIMITED_other:
    'You have already sent {{max}} feedbacks in the last hour. Thank you! Try again in {{count}} minutes.',
  FEEDBACK_TRANSITION:
    'Status change not allowed: feedback goes from pending to reviewed and then to resolved, and can be reopened (back to pending).',
  CONFIRMATION_QUEUED: 'A new confirmation link was sent to {{email}}.',
};

export const messages: Record<Language, Record<Entry, string>> = { pt, en };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(pt, key) || Object.hasOwn(pt, `${key}_other`);
}

const pluralRules = { pt: new Intl.PluralRules('pt'), en: new Intl.PluralRules('en') };

/**
 * A message's text. A plural message is picked by `count` as i18next picks it on the web: key_zero for 0
 * when there is one (Portuguese counts 0 as singular: "0 camisa"), then the language's plural form.
 */
function template(language: Language, key: string, count: unknown): string {
  const table: Record<string, string> = messages[language];
  if (typeof count === 'number') {
    const form = (count === 0 && table[`${key}_zero`]) || table[`${key}_${pluralRules[language].select(count)}`];
    if (form) return form;
  }
  return table[key] ?? table[`${key}_other`] ?? table.invalidValue!;
}

export function formatMessage(language: Language, key: string, params: Record<string, string | number> = {}): string {
  return template(language, isMessageKey(key) ? key : 'invalidValue', params.count).replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => String(params[name] ?? ''),
  );
}

/** Picks pt or en from an Accept-Language header; pt is the fallback. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'pt';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'pt' || base === 'en') return base;
  }
  return 'pt';
}
