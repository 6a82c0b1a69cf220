import { TEAM_TRAINERS, TEAM_TRAININGS } from '../../domain/adminPaths';
import { nanoquery, type KeySelector } from '@nanostores/query';
import type { Trainer } from '../../domain/trainers/trainer';
import type { Training } from '../../domain/training';
import { api } from './api';
import { invalidatePages } from './pagedList';
import type { Json } from '../../domain/json';
import type { ListingStatus } from '../../domain/review/listingStatus';

/**
 * Cached admin lists (docs/product.md): the key segments joined form the URL; no retries, no refetch on
 * focus, no polling, never stale; a successful change invalidates the list.
 */
export const [createFetcherStore, , { invalidateKeys: invalidateLists }] = nanoquery({
  fetcher: (...keys) => api('GET', keys.join('')),
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  dedupeTime: Infinity,
});

/** A change refreshes the whole lists and every cached page of the admin tables. */
export function invalidateKeys(selector: KeySelector): void {
  invalidateLists(selector);
  invalidatePages(selector);
}

/** A partner's own profile carries its review state as a training does (docs/product.md, Review queue). */
export type TrainerRow = Json<Trainer> & {
  reviewStatus?: 'approved' | 'pending' | 'rejected';
} & Pick<TrainingRow, 'pendingSince' | 'rejectedReason'>;
/** As the admin API answers: with the place name of its ZIP code (services/trainingPosition.ts). */
export type TrainingRow = Json<Training> & {
  postalPlace?: string | null;
  positionByHand?: boolean;
  /** "Register link broken since …" (docs/product.md, Trust). */
  brokenLinks?: { kind: string; since: string; text: string }[];
  /** The one status (domain/review/listingStatus.ts); the row's fields are the live values. */
  reviewStatus?: ListingStatus;
  /** A partner's own fields waiting for review or not approved, which their form edits (docs/product.md, Review queue). */
  proposed?: Partial<Json<Training>>;
  submissionId?: string;
  trainerName?: string | null;
  pendingSince?: string;
  rejectedReason?: string;
  /** What waits is the partner's request to delete it (docs/product.md, Review queue). */
  pendingDelete?: true;
};

export const TRAINERS_KEY = '/api/admin/trainers';
export const TRAININGS_KEY = '/api/admin/trainings';
export const $trainers = createFetcherStore<TrainerRow[]>([TRAINERS_KEY]);
export const $trainings = createFetcherStore<TrainingRow[]>([TRAININGS_KEY]);

/** What the trainer and training forms share: where the records live and what they are called. */
export interface RecordKind {
  /** 'Trainer' or 'Training', as in the product's toasts ('Trainer updated successfully'). */
  label: string;
  /** The admin API collection, also the list's cache key. */
  apiPath: string;
  /** The admin list page the form returns to. */
  listHref: string;
}

export const TRAINER_KIND: RecordKind = { label: 'Trainer', apiPath: TRAINERS_KEY, listHref: TEAM_TRAINERS };
export const TRAINING_KIND: RecordKind = { label: 'Training', apiPath: TRAININGS_KEY, listHref: TEAM_TRAININGS };
