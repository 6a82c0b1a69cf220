/**
 * The Register button's checklist (ADR 0045): on a training that states who may attend, the first
 * Register click of a visit opens the page's native `<dialog>` ("This training is for: …", "It
 * requires: …") instead of leaving; "Continue to registration" goes on, "Go back" (or Escape) stays.
 * Once continued, the training's later Register clicks go straight on for the rest of the visit
 * (sessionStorage key `emdr:checklist:{trainingId}`). Without JavaScript the button is the plain link it always was.
 *
 * The side card's button and the phone's Register bar (src/site/training/RegisterBar.astro) share one
 * dialog. Every continued click, from the dialog or straight, passes through one function, `proceed`, which
 * dispatches REGISTER_CONTINUE_EVENT on the button (bubbling, `detail.trainingId`): a click beacon
 * counts that event and nothing else. Plain text, not a bundled module: a training page loads no
 * script file, and the Content-Security-Policy lists this text by hash (src/prerender/cspBuildPlugin.ts).
 */
export const REGISTER_CONTINUE_EVENT = 'emdr:register-continue';
export const CHECKLIST_DIALOG_ID = 'register-checklist';

export const REGISTER_CHECKLIST_SCRIPT = `(() => {
  const dialog = document.getElementById('${CHECKLIST_DIALOG_ID}');
  const first = document.querySelector('[data-register-check]');
  if (!first || !dialog || typeof dialog.showModal !== 'function') return;
  const trainingId = first.dataset.registerCheck;
  const key = 'emdr:checklist:' + trainingId;
  let clicked = first;
  const checked = () => {
    try {
      return sessionStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  };
  const proceed = () => {
    try {
      sessionStorage.setItem(key, '1');
    } catch {}
    clicked.dispatchEvent(new CustomEvent('${REGISTER_CONTINUE_EVENT}', { bubbles: true, detail: { trainingId } }));
  };
  // Delegated: the phone's Register bar comes after this script in the page.
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element && event.target.closest('[data-register-check]');
    if (!button) return;
    clicked = button;
    if (checked()) return proceed();
    event.preventDefault();
    dialog.showModal();
  });
  dialog.querySelector('[data-register-continue]').addEventListener('click', () => {
    proceed();
    dialog.close();
  });
  dialog.querySelector('[data-register-back]').addEventListener('click', () => dialog.close());
})();`;
