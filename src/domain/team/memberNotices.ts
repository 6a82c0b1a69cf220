/**
 * The notices a member may put away, remembered per member (docs/product.md, Partners: "First visit").
 * One list: the page that shows a notice, the route that dismisses it and the tests read it here.
 */
export const MEMBER_NOTICES = ['partner-welcome'] as const;
export type MemberNotice = (typeof MEMBER_NOTICES)[number];

export const isMemberNotice = (value: unknown): value is MemberNotice =>
  (MEMBER_NOTICES as readonly unknown[]).includes(value);
