import { getSql } from './database/db';

/**
 * The running instances (`fleet_instances`): each says it is alive every few seconds; one that stops
 * saying so for `LIVE_WITHIN_S` is no longer counted, and is deleted a day later.
 */
export const LIVE_WITHIN_S = 20;

export interface InstanceRow {
  instanceId: string;
  siteId: string;
  hostname: string;
  pid: number;
  address: string | null;
  startedAt: Date;
  heartbeatAt: Date;
}

export async function heartbeat(instance: Omit<InstanceRow, 'startedAt' | 'heartbeatAt'>): Promise<void> {
  const sql = await getSql();
  await sql`
    insert into fleet_instances (instance_id, site_id, hostname, pid, address)
    values (${instance.instanceId}, ${instance.siteId}, ${instance.hostname}, ${instance.pid}, ${instance.address})
    on conflict (instance_id) do update set heartbeat_at = now(), address = excluded.address`;
}

export async function remove(instanceId: string): Promise<void> {
  const sql = await getSql();
  await sql`delete from fleet_instances where instance_id = ${instanceId}`;
}

export async function removeLongDead(): Promise<void> {
  const sql = await getSql();
  await sql`delete from fleet_instances where heartbeat_at < now() - interval '1 day'`;
}

/** Instances that said they were alive recently, oldest first. */
export async function listLive(): Promise<InstanceRow[]> {
  const sql = await getSql();
  return sql<InstanceRow[]>`
    select instance_id, site_id, hostname, pid, address, started_at, heartbeat_at from fleet_instances
    where heartbeat_at > now() - make_interval(secs => ${LIVE_WITHIN_S})
    order by started_at, instance_id`;
}
