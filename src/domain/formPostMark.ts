/**
 * An admin page marks itself as leaving when one of its forms is posted by the browser itself (a
 * Login or Logout clicked before the island took over). That post's answer carries the toast for
 * the next page; a 401 that another call sees meanwhile (the session the post just ended) must not
 * start a navigation of its own, which would cancel the post's and lose its toast (src/admin/client/api.ts).
 *
 * It is an inline script in the page's head, not part of an island: a click can come before any
 * island's module has loaded, and only a script that runs before the body is parsed sees it. The
 * listener is on window, so it runs after React's handlers: a submit an island handled (default
 * prevented) does not count. Back from the bfcache the page is live again. The Content-Security-
 * Policy lists the text by hash (src/prerender/cspBuildPlugin.ts).
 */
export const LEAVING_ATTRIBUTE = 'data-leaving-by-form-post';

/** Whether the page whose root element this is has been left by a form post the browser sent itself. */
export function isLeavingByFormPost(root: Pick<Element, 'hasAttribute'>): boolean {
  return root.hasAttribute(LEAVING_ATTRIBUTE);
}

export const FORM_POST_MARK_SCRIPT = `addEventListener('submit', (event) => {
  if (!event.defaultPrevented) document.documentElement.setAttribute('${LEAVING_ATTRIBUTE}', '');
});
addEventListener('pageshow', (event) => {
  if (event.persisted) document.documentElement.removeAttribute('${LEAVING_ATTRIBUTE}');
});`;
