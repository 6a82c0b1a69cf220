import { PARTNER_HOME, PARTNER_PROFILE, TEAM_HOME, TEAM_TRAINERS, TEAM_TRAININGS } from '../domain/adminPaths';
import { TRAINER_KIND, TRAINING_KIND, type RecordKind } from './client/stores';

/**
 * Which area an island is shown in (docs/product.md, Partners): the team's admin, or a partner's
 * account area. The same islands and the same /api/admin client serve both; only the links differ, and
 * a partner's never say "admin" nor lead to the team's pages (history, problems, preview, dashboard).
 */
export type Area = 'team' | 'partner';

export interface AreaLinks {
  trainings: string;
  /** Where a trainer form goes back to: the team's trainer list, a partner's profile page. */
  trainers: string;
  /** The team's dashboard; none for a partner (their nav is enough). */
  home: string | null;
  /** The team's shared pages a training row or form may link to. */
  teamPages: boolean;
}

export const AREA_LINKS: Record<Area, AreaLinks> = {
  team: { trainings: TEAM_TRAININGS, trainers: TEAM_TRAINERS, home: TEAM_HOME, teamPages: true },
  partner: { trainings: PARTNER_HOME, trainers: PARTNER_PROFILE, home: null, teamPages: false },
};

// One object per area (hooks compare them by identity).
const PARTNER_TRAINING_KIND: RecordKind = { ...TRAINING_KIND, listHref: AREA_LINKS.partner.trainings };
const PARTNER_TRAINER_KIND: RecordKind = { ...TRAINER_KIND, listHref: AREA_LINKS.partner.trainers };

export const trainingKindOf = (area: Area): RecordKind => (area === 'team' ? TRAINING_KIND : PARTNER_TRAINING_KIND);

export const trainerKindOf = (area: Area): RecordKind => (area === 'team' ? TRAINER_KIND : PARTNER_TRAINER_KIND);
