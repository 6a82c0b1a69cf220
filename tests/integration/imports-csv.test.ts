import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTrainer, validTraining } from '../support/adminRecords';
import { importCsv, uploadCsv, type ImportRow } from '../support/importFiles';
import { resetDatabase } from '../support/reset';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { TRAINING_MESSAGES } from '../../src/domain/training';
import { IMPORT_MESSAGES } from '../../src/domain/imports/importRows';

/**
 * Import from a CSV file (docs/product.md, Import; docs/decisions/0047-import-matching-and-locks.md):
 * a preview with exactly its counts, an Apply through the one write path (drafts for the team,
 * submissions for a partner), the same file again changing nothing, and a field changed on the site
 * kept on the next read.
 */
const PARTNER = 'importer@partners.example';
const PASSWORD = 'a long partner passphrase';
let owner: AdminClient;
let partner: AdminClient;
let trainerId: string;
let partnerTrainerId: string;
let otherTrainerId: string;
const existing: Record<string, string> = {};

const cohort = (i: number): ImportRow => ({
  trainer: 'Dr. Import',
  title: `EMDR Basic Cohort ${i}`,
  start: `2027-${String((i % 12) + 1).padStart(2, '0')}-10 09:00`,
  end: `2027-${String((i % 12) + 1).padStart(2, '0')}-11 17:00`,
  link: `https://import.thinkific.com/courses/cohort-${i}`,
});

/** 50 rows: 45 new, 3 invalid (a price, a title, a format), 2 that repeat listings made by hand. */
function fiftyRows(): ImportRow[] {
  const rows = Array.from({ length: 45 }, (_, i) => cohort(i + 1));
  rows.splice(10, 0, { ...cohort(100), price: 'nine hundred' });
  rows.splice(20, 0, { ...cohort(101), title: '' });
  rows.splice(30, 0, { ...cohort(102), format: 'Telepathy' });
  // The same Register link as a listing made by hand, and the same title and first day as another.
  rows.push({ ...cohort(103), link: 'https://import.thinkific.com/courses/by-hand' });
  rows.push({ ...cohort(104), title: 'Spring  Intensive!', start: '2027-04-20 09:00', end: '2027-04-21 17:00' });
  return rows;
}

beforeAll(async () => {
  await resetDatabase();
  const sql = await getSql();
  await sql`delete from admin_users where email = ${PARTNER}`;
  owner = await adminClient();
  const trainer = async (name: string) =>
    (await owner.call('POST', '/api/admin/trainers', { ...validTrainer, name })).body.id as string;
  trainerId = await trainer('Dr. Import');
  partnerTrainerId = await trainer('Dr. Partner');
  otherTrainerId = await trainer('Dr. Other');
  const byHand = async (body: object) =>
    (await owner.call('POST', '/api/admin/trainings', { ...validTraining(trainerId), ...body })).body.id as string;
  existing.byLink = await byHand({ title: 'By hand', thinkificUrl: 'https://import.thinkific.com/courses/by-hand/' });
  existing.byTitle = await byHand({
    title: 'Spring Intensive',
    startDate: '2027-04-20T14:00:00.000Z',
    endDate: '2027-04-21T22:00:00.000Z',
    thinkificUrl: 'https://elsewhere.example/spring',
  });
  const [member] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role) values (${PARTNER}, ${await hashPassword(PASSWORD)}, 'partner')
    returning id`;
  await sql`insert into partner_trainers (member_id, trainer_id) values (${member!.id}, ${partnerTrainerId})`;
  partner = await adminClient(process.env.TEST_BASE_URL, PARTNER, PASSWORD);
});

afterAll(async () => {
  await resetDatabase();
  const sql = await getSql();
  await sql`delete from admin_users where email = ${PARTNER}`;
});

describe('a 50-row file imported by the team', () => {
  const file = importCsv(fiftyRows());

  test('previews 45 new, 3 invalid with row, column and the form’s message, and 2 possible duplicates', async () => {
    const preview = await uploadCsv(owner, file);
    expect(preview.status).toBe(201);
    expect(preview.body.counts).toEqual({ new: 45, changed: 0, unchanged: 0, duplicate: 2, invalid: 3, left: 0 });
    const invalid = preview.body.items.filter((i: { outcome: string }) => i.outcome === 'invalid');
    expect(invalid.map((i: { errors: unknown[] }) => i.errors)).toEqual([
      [{ row: '12', field: 'price', column: 'Price', message: TRAINING_MESSAGES.price }],
      [{ row: '22', field: 'title', column: 'Title', message: TRAINING_MESSAGES.title }],
      [{ row: '32', field: 'format', column: 'Format', message: TRAINING_MESSAGES.format }],
    ]);
    const duplicates = preview.body.items.filter((i: { outcome: string }) => i.outcome === 'duplicate');
    expect(duplicates.map((d: { duplicateOf: object }) => d.duplicateOf)).toEqual([
      { id: existing.byLink, title: 'By hand', href: `/admin/trainings/${existing.byLink}`, by: 'register-link' },
      {
        id: existing.byTitle,
        title: 'Spring Intensive',
        href: `/admin/trainings/${existing.byTitle}`,
        by: 'title-and-day',
      },
    ]);
    // Nothing is written before Apply.
    expect((await owner.call('GET', '/api/admin/trainings')).body).toHaveLength(2);
  });

  test('Apply creates 45 drafts, each history saying where it came from, and the run is listed', async () => {
    const preview = await uploadCsv(owner, file);
    const applied = await owner.call('POST', `/api/admin/imports/${preview.body.id}/apply`);
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ created: 45, changed: 0, refused: 0, refusedRows: [] });
    const all = (await owner.call('GET', '/api/admin/trainings')).body as {
      title: string;
      isPublished: boolean;
      id: string;
    }[];
    const imported = all.filter((t) => t.title.startsWith('EMDR Basic Cohort'));
    expect(imported).toHaveLength(45);
    expect(imported.every((t) => !t.isPublished)).toBe(true);
    const history = await owner.call('GET', `/api/admin/changes?entityType=training&entityId=${imported[0]!.id}`);
    expect(history.body[0]).toMatchObject({ action: 'create', importedFrom: 'trainings.csv' });
    const again = await owner.call('POST', `/api/admin/imports/${preview.body.id}/apply`);
    expect(again.status).toBe(409);
    const runs = await owner.call('GET', '/api/admin/imports');
    const run = runs.body.runs.find((r: { id: string }) => r.id === preview.body.id);
    expect(run).toMatchObject({ source: 'trainings.csv', sourceKind: 'csv', adminEmail: process.env.ADMIN_EMAIL });
    expect(run.applied).toMatchObject({ created: 45, changed: 0 });
    expect(run.refused.map((r: { row: string }) => r.row)).toEqual(['12', '22', '32']);
  });

  test('the same file again gives 0 new and 0 changed', async () => {
    const preview = await uploadCsv(owner, file);
    expect(preview.body.counts).toEqual({ new: 0, changed: 0, unchanged: 45, duplicate: 2, invalid: 3, left: 0 });
    const applied = await owner.call('POST', `/api/admin/imports/${preview.body.id}/apply`);
    expect(applied.body).toMatchObject({ created: 0, changed: 0 });
    expect((await owner.call('GET', '/api/admin/trainings')).body).toHaveLength(47);
  });

  test('a field changed on the site is kept on the next read; the other changed field is written', async () => {
    const all = (await owner.call('GET', '/api/admin/trainings')).body as { id: string; title: string }[];
    const target = all.find((t) => t.title === 'EMDR Basic Cohort 1')!;
    const edited = await owner.call('PATCH', `/api/admin/trainings/${target.id}`, { title: 'Cohort 1, renamed here' });
    expect(edited.status).toBe(200);
    const rows = fiftyRows().map((r) =>
      r.title === 'EMDR Basic Cohort 1' ? { ...r, title: 'Cohort One', price: '950' } : r,
    );
    const preview = await uploadCsv(owner, importCsv(rows));
    expect(preview.body.counts).toMatchObject({ new: 0, changed: 1, unchanged: 44 });
    const changed = preview.body.items.find((i: { outcome: string }) => i.outcome === 'changed');
    expect(changed.changes).toEqual([{ field: 'price', label: 'Price', before: 900, after: 950 }]);
    expect(changed.kept).toEqual([
      { field: 'title', label: 'Title', before: 'Cohort 1, renamed here', after: 'Cohort One' },
    ]);
    await owner.call('POST', `/api/admin/imports/${preview.body.id}/apply`);
    const after = ((await owner.call('GET', '/api/admin/trainings')).body as { id: string }[]).find(
      (t) => t.id === target.id,
    );
    expect(after).toMatchObject({ title: 'Cohort 1, renamed here', price: 950 });
    // And it stays kept: the next read of the same file changes nothing.
    const next = await uploadCsv(owner, importCsv(rows));
    expect(next.body.counts).toMatchObject({ new: 0, changed: 0, unchanged: 45 });
    const locks = await owner.call('GET', `/api/admin/imports/locks/${target.id}`);
    expect(locks.body).toEqual({ kept: [{ field: 'title', label: 'Title' }] });
  });
});

describe('a partner’s import', () => {
  test('creates submissions waiting for review for their own trainer; another’s trainer is an invalid row', async () => {
    const rows: ImportRow[] = [
      { ...cohort(1), trainer: 'Dr. Partner', uid: 'p-1' },
      {
        ...cohort(2),
        trainer: 'Dr. Partner',
        uid: 'p-2',
        parts: [
          ['2027-06-01 09:00', '2027-06-01 17:00'],
          ['2027-06-08 09:00', '2027-06-08 17:00'],
        ],
        start: '',
        end: '',
      },
      { ...cohort(3), trainer: 'Dr. Other' },
      { ...cohort(4), trainer: otherTrainerId },
    ];
    const preview = await uploadCsv(partner, importCsv(rows), 'my-calendar.csv');
    expect(preview.status).toBe(201);
    expect(preview.body.counts).toMatchObject({ new: 2, invalid: 2 });
    const invalid = preview.body.items.filter((i: { outcome: string }) => i.outcome === 'invalid');
    expect(invalid.map((i: { errors: { message: string; column: string }[] }) => i.errors[0])).toEqual([
      { row: '4', field: 'trainerId', column: 'Trainer', message: IMPORT_MESSAGES.unknownTrainer },
      { row: '5', field: 'trainerId', column: 'Trainer', message: IMPORT_MESSAGES.unknownTrainer },
    ]);
    // The team cannot apply a partner's preview: it is the partner's own.
    expect((await owner.call('POST', `/api/admin/imports/${preview.body.id}/apply`)).status).toBe(404);
    const applied = await partner.call('POST', `/api/admin/imports/${preview.body.id}/apply`);
    expect(applied.body).toMatchObject({ created: 2 });
    const mine = (await partner.call('GET', '/api/admin/trainings')).body as {
      title: string;
      reviewStatus: string;
      parts: unknown[];
    }[];
    expect(mine.map((t) => t.reviewStatus)).toEqual(['pending', 'pending']);
    expect(mine.find((t) => t.title === 'EMDR Basic Cohort 2')!.parts).toHaveLength(2);
    // The partner lists only their own runs.
    const runs = (await partner.call('GET', '/api/admin/imports')).body.runs as { source: string }[];
    expect(runs.map((r) => r.source)).toEqual(['my-calendar.csv']);
    const again = await uploadCsv(partner, importCsv(rows), 'my-calendar.csv');
    expect(again.body.counts).toMatchObject({ new: 0, changed: 0, unchanged: 2 });
  });
});

describe('what a file may hold', () => {
  test('a 3 MB file is refused with a clear message', async () => {
    const big = importCsv([cohort(1)]) + 'x'.repeat(3 * 1024 * 1024);
    const answer = await uploadCsv(owner, big);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: IMPORT_MESSAGES.tooLarge });
  });

  test('a file of more than 500 rows is refused', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => cohort(i));
    const answer = await uploadCsv(owner, importCsv(rows));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: IMPORT_MESSAGES.tooManyRows });
  });

  test('a formula-looking cell is kept as text, and the history CSV defuses it on the way out', async () => {
    const title = '=HYPERLINK("https://evil.example","Click")';
    const preview = await uploadCsv(owner, importCsv([{ ...cohort(200), title }]));
    expect(preview.body.items[0]).toMatchObject({ outcome: 'new', title });
    await owner.call('POST', `/api/admin/imports/${preview.body.id}/apply`);
    const all = (await owner.call('GET', '/api/admin/trainings')).body as { title: string }[];
    expect(all.some((t) => t.title === title)).toBe(true);
    const csv = await owner.call('GET', '/api/admin/changes.csv');
    expect(String(csv.body)).toContain(`'=HYPERLINK`);
    expect(String(csv.body)).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  test('the template carries the product’s columns and reads back as a file with no rows', async () => {
    const template = await owner.call('GET', '/api/admin/imports/template.csv');
    expect(template.status).toBe(200);
    expect(String(template.body).split('\r\n')[0]).toContain('Title,Description,Price,Start,End');
    expect(String(template.body)).toContain('Part 3 end');
    expect(String(template.body)).toContain('CE 1 body');
    const back = await uploadCsv(owner, String(template.body));
    expect(back.status).toBe(400);
    expect(back.body).toMatchObject({ error: IMPORT_MESSAGES.empty });
  });
});
