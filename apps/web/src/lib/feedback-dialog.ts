import { dialogSwitch } from './dialog-switch.ts';

/**
 * Whether the "Enviar feedback" dialog is open. The footer and the account menu (shared layout) open it;
 * the feedback feature, mounted once by the app's layout, shows it.
 */
const feedback = dialogSwitch();

export const openFeedbackDialog = feedback.open;
export const closeFeedbackDialog = feedback.close;
export const useFeedbackDialogOpen = feedback.useOpen;
