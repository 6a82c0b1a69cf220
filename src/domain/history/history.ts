import { z } from 'zod';
import { isUuid } from '../fields';
import { canManageSite, type Role } from '../team/roles';
import { SECURITY_EVENT_TYPES, type SecurityEventType } from '../team/securityEvents';

/** The history of admin changes: what one entry says, and how `GET /api/admin/changes` is asked. */
export const ENTITY_TYPES = ['trainer', 'training', 'offering'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/**
 * `confirm`: a training's details said to be current; `resolve`: a listing problem (a report, a broken
 * link) ended with a note; `verify`: a trainer's credential checked (docs/product.md, Trust); `copy`: a
 * training made from another on new dates, `before` being the one copied from (Copy to new dates).
 */
export const CHANGE_ACTIONS = [
  'create',
  'update',
  'publish',
  'unpublish',
  'photo',
  'delete',
  'confirm',
  'resolve',
  'verify',
  'copy',
] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export const CHANGES_MAX_LIMIT = 100;

export interface ChangeEntry {
  id: string;
  changedAt: string;
  adminEmail: string;
  entityType: EntityType;
  entityId: string;
  action: ChangeAction;
  /** The record as it was (null for a create) and as it became (null for a delete). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** A partner's proposal a reviewer (adminEmail) approved: the partner (docs/product.md, Review queue). */
  proposedBy?: string;
  /** The change came through an import: "imported from …" (docs/product.md, Import). */
  importedFrom?: string;
}

/**
 * A security event in the history (docs/product.md, "Security log"): who (the email they used), when,
 * what, from which network (the address truncated to /24 or /48), about whom, and what else matters.
 */
export interface SecurityEntry {
  id: string;
  changedAt: string;
  entityType: 'security';
  type: SecurityEventType;
  adminEmail: string;
  clientAddress: string | null;
  subject: { id: string | null; email: string } | null;
  detail: Record<string, string | number | boolean | null> | null;
}

export type HistoryEntry = ChangeEntry | SecurityEntry;

export const isSecurityEntry = (entry: HistoryEntry): entry is SecurityEntry => entry.entityType === 'security';

/**
 * Which entries a query reads: the records' changes (the default, what the history has always
 * answered), the security events, or both. A `type` alone picks its own kind.
 */
export const HISTORY_KINDS = ['records', 'security', 'all'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const HISTORY_TYPES = [...CHANGE_ACTIONS, ...SECURITY_EVENT_TYPES] as const;

/**
 * Who reads the security events: the owner and admins. Editors read the records' changes only
 * (docs/product.md, "Security log"): who signed in from where is not theirs to see.
 */
export const canReadSecurityLog = (role: Role): boolean => canManageSite(role);

export const isSecurityEventType = (type: string): type is SecurityEventType =>
  (SECURITY_EVENT_TYPES as readonly string[]).includes(type);

const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: 'Must be a whole number' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { error: `Must be between 1 and ${max}` });

/** What the `actor` filter takes: a member's id or an email address (not a search: exact match). */
export function isActorFilter(value: string): boolean {
  return value.length <= 320 && (isUuid(value) || /^[^\s@]+@[^\s@]+$/.test(value));
}

/** The filters, shared by the JSON pages and the CSV export. */
const filterFields = {
  entityType: z.enum(ENTITY_TYPES).optional(),
  entityId: z
    .string()
    .refine((value) => isUuid(value), { error: 'Must be a record id' })
    .optional(),
  kind: z.enum(HISTORY_KINDS).optional(),
  type: z.enum(HISTORY_TYPES, { error: 'Must be a change or security event type' }).optional(),
  /** A member's id, or the email an entry names (also a failed sign-in's typed email). */
  actor: z.string().trim().refine(isActorFilter, { error: 'Must be a member id or an email address' }).optional(),
};

type Filters = { [K in keyof typeof filterFields]?: z.output<(typeof filterFields)[K]> };

/** The kind a query reads, and the contradictions (a security type with kind=records) named by field. */
function resolveKind<T extends Filters>(query: T, context: z.core.$RefinementCtx<T>): T & { kind: HistoryKind } {
  const typeKind = query.type === undefined ? undefined : isSecurityEventType(query.type) ? 'security' : 'records';
  const kind = query.kind ?? typeKind ?? 'records';
  if (typeKind && kind !== 'all' && kind !== typeKind)
    context.addIssue({
      code: 'custom',
      path: ['type'],
      message: `Not a ${kind === 'security' ? 'security event' : 'change'} type`,
    });
  if (kind === 'security' && query.entityType)
    context.addIssue({ code: 'custom', path: ['entityType'], message: 'Security events are not about a record' });
  return { ...query, kind };
}

export const ChangesQuerySchema = z
  .strictObject({
    page: positiveInt(1_000_000).default(1),
    limit: positiveInt(CHANGES_MAX_LIMIT).default(20),
    ...filterFields,
  })
  .transform((query, context) => resolveKind(query, context));
export type ChangesQuery = z.output<typeof ChangesQuerySchema>;

/** `GET /api/admin/changes.csv`: the same filters, every matching entry. */
export const ChangesExportSchema = z
  .strictObject(filterFields)
  .transform((query, context) => resolveKind(query, context));
export type ChangesExport = z.output<typeof ChangesExportSchema>;

/** The fields whose values differ between the two versions (what an entry changed). */
export function changedFields(entry: Pick<ChangeEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const ignored = new Set(['updatedAt', 'createdAt', 'id']);
  return [...keys].filter((k) => !ignored.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/** What a decision said (a problem ended, a credential checked), as the entry's `after.decision`. */
export function decisionText(entry: Pick<ChangeEntry, 'after'>): string {
  const decision = entry.after?.decision;
  return typeof decision === 'string' ? decision : '';
}

/** A short human name for the record an entry is about (a trainer's name, a training's title). */
export function recordLabel(entry: Pick<ChangeEntry, 'before' | 'after' | 'entityId'>): string {
  const record = entry.after ?? entry.before ?? {};
  const label = record.name ?? record.title;
  return typeof label === 'string' && label ? label : entry.entityId;
}
