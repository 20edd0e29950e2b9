import { WEB_FONTS_KEY } from '@manto/contracts/constants';

/**
 * Declares the web fonts a page the server drew was drawn without, once the browser holds them (ADR 0045):
 * when the visitor moves to another page, which draws the screen anew, so no text changes font on its own.
 * The head's script does the same before a drawn page's first paint (apps/api/src/lib/server-page.ts).
 */
export function declareHeldWebFonts(): void {
  const fonts = document.getElementById('web-fonts');
  if (!(fonts instanceof HTMLTemplateElement)) return;
  try {
    if (localStorage.getItem(WEB_FONTS_KEY) !== fonts.getAttribute('data-fonts')) return;
  } catch {
    return;
  }
  const faces = document.createElement('style');
  faces.textContent = fonts.content.textContent;
  document.head.append(faces);
  fonts.remove();
}
