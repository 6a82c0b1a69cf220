import type { Role } from './team/roles';

/**
 * The member acting (docs/architecture.md, Layers): who a change is recorded for in the history and
 * the security log. Its role scopes what a partner may reach (services/trainerScope.ts); a caller
 * without a role (the CLI, a job) acts for the team.
 */
export interface Actor {
  adminId: string;
  email: string;
  role?: Role;
}

/** Who a security-log entry names: a member, or an email someone typed that no member has (adminId null). */
export type LoggedActor = Pick<Actor, 'email'> & { adminId: string | null };

/** The one mapper: a signed-in member (a session, a member record of the use cases) as the Actor. */
export function actorOf(member: Actor): Actor {
  return { adminId: member.adminId, email: member.email, role: member.role };
}

/** A member acting through an import (docs/product.md, Import): the history says "imported from …". */
export interface SourcedActor extends Actor {
  importedFrom?: string;
}
