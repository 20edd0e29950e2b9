import type { Language } from '@manto/contracts';
import { escapeMarkup } from '#lib/markup.ts';
import type { Mail } from '#plugins/mailer.ts';

const texts = {
  confirm: {
    pt: {
      subject: 'Confirme seu e-mail no Manto',
      intro:
        'Olá, {name}! Para ativar sua conta no Manto, confirme seu e-mail pelo link abaixo. Ele vale por 24 horas.',
      action: 'Confirmar e-mail',
    },
    en: {
      subject: 'Confirm your email on Manto',
      intro:
        'Hi {name}! To activate your Manto account, confirm your email with the link below. It is valid for 24 hours.',
      action: 'Confirm email',
    },
  },
  reset: {
    pt: {
      subject: 'Redefinição de senha do Manto',
      intro:
        'Olá, {name}! Recebemos um pedido para redefinir sua senha. O link abaixo vale por 1 hora. Se não foi você, ignore este e-mail.',
      action: 'Redefinir senha',
    },
    en: {
      subject: 'Reset your Manto password',
      intro:
        'Hi {name}! We received a request to reset your password. The link below is valid for 1 hour. If it was not you, ignore this email.',
      action: 'Reset password',
    },
  },
} as const;

export function authMail(kind: keyof typeof texts, language: Language, to: string, name: string, link: string): Mail {
  const t = texts[kind][language];
  const intro = t.intro.replace('{name}', name);
  return {
    to,
    subject: t.subject,
    text: `${intro}\n\n${t.action}: ${link}\n\n— Manto`,
    html: `<p>${escapeMarkup(intro)}</p><p><a href="${escapeMarkup(link)}">${escapeMarkup(t.action)}</a></p><p>${escapeMarkup(link)}</p><p>— Manto</p>`,
  };
}
