import { describe, expect, test } from 'vitest';
import { confirmationMail, digestItem, digestMail } from './alertMail';

const training = {
  id: 't1',
  title: 'Basic <script>alert(1)</script> & more',
  startDate: '2027-03-06T17:00:00.000Z',
  endDate: '2027-03-07T01:00:00.000Z',
  timeZone: 'America/Los_Angeles',
  location: 'San Diego, CA',
  venue: null,
  format: 'Hybrid',
  price: 1500,
  ceCredits: 20,
  ceApprovals: [],
};

describe('alert mails', () => {
  test('everything in the HTML part is escaped; the text part is plain', () => {
    const item = digestItem(training, {
      pageUrl: 'https://x.test/training/t1',
      calendarUrl: 'https://x.test/c?a=1&b=2',
    });
    const mail = digestMail({
      items: [item],
      more: 7,
      queryText: 'State: "CA"',
      listingUrl: 'https://x.test/trainings?state=CA',
      unsubscribeUrl: 'https://x.test/alerts/unsubscribe?token=abc',
      manageUrl: 'https://x.test/alerts/manage?token=def',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Basic &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(mail.html).toContain('href="https://x.test/c?a=1&amp;b=2"');
    expect(mail.html).toContain('And 7 more');
    expect(mail.text).toContain(training.title);
    expect(mail.text).toContain('Sat, Mar 6, 2027 · 9:00 AM – 5:00 PM PST');
    expect(mail.text).toContain('$1,500');
    expect(mail.text).toContain('20 CE hours');
    expect(mail.subject).toBe('8 new EMDR trainings: State: "CA"');
  });

  test('the confirmation names the query and the link', () => {
    const mail = confirmationMail({
      confirmUrl: 'https://x.test/alerts/confirm?token=a',
      filters: 'All trainings',
      frequency: 'weekly',
    });
    expect(mail.text).toContain('https://x.test/alerts/confirm?token=a');
    expect(mail.html).toContain('a weekly digest');
  });
});
