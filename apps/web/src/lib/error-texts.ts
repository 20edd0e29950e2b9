import { messages } from '@manto/contracts/messages';
import { i18n } from './i18n.ts';

/**
 * The 'errors' namespace: the contracts' message catalogue (pt and en), so client-side validation
 * shows the API's exact texts. Added by the screens that show such texts (forms through
 * form-errors.ts, the social sign-in callback), not with the first screen: 5 kB gzip that a visit
 * that fills no form never needs (docs/performance.md, initial JS budget). In the app i18n.init
 * (main.tsx) has started before any screen's code loads; a test may import a form first.
 */
function addErrorTexts() {
  for (const [language, texts] of Object.entries(messages)) {
    i18n.addResourceBundle(language, 'errors', texts, true, false);
  }
}

if (i18n.isInitializing || i18n.isInitialized) addErrorTexts();
else i18n.on('initialized', addErrorTexts);
