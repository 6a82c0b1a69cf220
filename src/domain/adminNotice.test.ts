import { describe, expect, it } from 'vitest';
import { noticeForThisPage } from './adminNotice';

describe('the toast a plain form post left in a cookie', () => {
  it('is shown by the page the post went to', () => {
    expect(noticeForThisPage('theme=dark; emdr_admin_notice=logged-out; other=1', false)).toBe('logged-out');
    expect(noticeForThisPage('emdr_admin_notice=invalid', false)).toBe('invalid');
  });

  it('is left alone by a page that is itself leaving by a form post, whose answer set it for the next page', () => {
    expect(noticeForThisPage('emdr_admin_notice=logged-out', true)).toBeNull();
  });

  it('shows nothing for a name that is not one of the notices, or no cookie', () => {
    expect(noticeForThisPage('emdr_admin_notice=<script>', false)).toBeNull();
    expect(noticeForThisPage('emdr_admin_notice=toString', false)).toBeNull();
    expect(noticeForThisPage('', false)).toBeNull();
  });
});
