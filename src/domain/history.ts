import { z } from 'zod';
import { isUuid } from './fields';

/** The history of admin changes: what one entry says, and how `GET /api/admin/changes` is asked. */
export const ENTITY_TYPES = ['trainer', 'training'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const CHANGE_ACTIONS = ['create', 'update', 'publish', 'unpublish', 'photo', 'delete'] as const;
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
}

const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: 'Must be a whole number' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { error: `Must be between 1 and ${max}` });

export const ChangesQuerySchema = z.strictObject({
  page: positiveInt(1_000_000).default(1),
  limit: positiveInt(CHANGES_MAX_LIMIT).default(20),
  entityType: z.enum(ENTITY_TYPES).optional(),
  entityId: z
    .string()
    .refine((value) => isUuid(value), { error: 'Must be a record id' })
    .optional(),
});
export type ChangesQuery = z.output<typeof ChangesQuerySchema>;

/** The fields whose values differ between the two versions (what an entry changed). */
export function changedFields(entry: Pick<ChangeEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const ignored = new Set(['updatedAt', 'createdAt', 'id']);
  return [...keys].filter((k) => !ignored.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/** A short human name for the record an entry is about (a trainer's name, a training's title). */
export function recordLabel(entry: Pick<ChangeEntry, 'before' | 'after' | 'entityId'>): string {
  const record = entry.after ?? entry.before ?? {};
  const label = record.name ?? record.title;
  return typeof label === 'string' && label ? label : entry.entityId;
}
