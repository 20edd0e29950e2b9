import type { Language, NotificationTopic } from '@manto/contracts';
import { escapeMarkup } from '#lib/markup.ts';
import type { Mail } from '#plugins/mailer.ts';

/** One line of a digest, already in the member's language, with where it leads. */
export interface DigestLine {
  text: string;
  link: string;
}

const texts = {
  pt: {
    subject: (n: number) =>
      n === 1 ? 'Manto: 1 novidade do que você segue' : `Manto: ${n} novidades do que você segue`,
    hello: 'Olá, {name}! Veja o que mudou no que você segue:',
    all: 'Ver todas as notificações',
    why: 'Você recebe este resumo, no máximo um por dia, porque escolheu receber por e-mail as notificações de {topics}.',
    stop: 'Não receber mais e-mails de {topic}',
    topics: { tournaments: 'torneios', rankings: 'rankings', teams: 'times', prices: 'alertas de preço' },
  },
  en: {
    subject: (n: number) => (n === 1 ? 'Manto: 1 update on what you follow' : `Manto: ${n} updates on what you follow`),
    hello: 'Hi {name}! Here is what changed in what you follow:',
    all: 'See all notifications',
    why: 'You get this digest, at most one a day, because you chose to receive {topics} notifications by email.',
    stop: 'Stop emails about {topic}',
    topics: { tournaments: 'tournaments', rankings: 'rankings', teams: 'teams', prices: 'price alert' },
  },
} as const;

/**
 * A daily digest: its lines, a link to the notifications page, and one unsubscribe link per mailed topic.
 * `oneClick` (every topic at once) goes in the RFC 8058 headers, so a mail client's "unsubscribe" button
 * works without signing in.
 */
export function digestMail(
  language: Language,
  to: string,
  name: string,
  lines: DigestLine[],
  links: { all: string; oneClick: string; stop: { topic: NotificationTopic; page: string }[] },
): Mail {
  const t = texts[language];
  const topics = links.stop.map((s) => t.topics[s.topic]).join(', ');
  const hello = t.hello.replace('{name}', name);
  const why = t.why.replace('{topics}', topics);
  const stops = links.stop.map((s) => ({ label: t.stop.replace('{topic}', t.topics[s.topic]), page: s.page }));
  const e = escapeMarkup;
  return {
    to,
    subject: t.subject(lines.length),
    text: [
      hello,
      '',
      ...lines.map((l) => `• ${l.text}\n  ${l.link}`),
      '',
      `${t.all}: ${links.all}`,
      '',
      why,
      ...stops.map((s) => `${s.label}: ${s.page}`),
      '',
      '— Manto',
    ].join('\n'),
    html: [
      `<p>${e(hello)}</p>`,
      `<ul>${lines.map((l) => `<li><a href="${e(l.link)}">${e(l.text)}</a></li>`).join('')}</ul>`,
      `<p><a href="${e(links.all)}">${e(t.all)}</a></p>`,
      `<p style="color:#666;font-size:12px">${e(why)}<br>${stops
        .map((s) => `<a href="${e(s.page)}">${e(s.label)}</a>`)
        .join(' · ')}</p>`,
      '<p>— Manto</p>',
    ].join(''),
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
