/**
 * A database that cannot be reached or refuses us, said in one sentence a person can act on:
 * where (host:port and database), why, and what to check. No stack, no password.
 * Null when the error is not about connecting: the caller reports it another way.
 */
interface Target {
  where: string;
  user: string;
  database: string;
}

function targetOf(databaseUrl: string): Target {
  try {
    const url = new URL(databaseUrl);
    const user = decodeURIComponent(url.username) || 'postgres';
    const database = decodeURIComponent(url.pathname.slice(1)) || user;
    return { where: `${url.hostname || 'localhost'}:${url.port || '5432'}`, user, database };
  } catch {
    return { where: 'the address in DATABASE_URL', user: 'the user', database: 'the database' };
  }
}

export function connectProblem(error: unknown, databaseUrl: string): string | null {
  if (!databaseUrl || typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: string }).code;
  const { where, user, database } = targetOf(databaseUrl);
  const at = `Cannot use the database "${database}" at ${where}`;
  switch (code) {
    case 'ECONNREFUSED':
      return `${at}: the connection was refused. Check that PostgreSQL is running there and that DATABASE_URL names the right host and port.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${at}: the host name could not be found. Check the host in DATABASE_URL.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'CONNECT_TIMEOUT':
      return `${at}: the server did not answer in time. Check that it is reachable from this machine (address, firewall) and running.`;
    case 'ECONNRESET':
      return `${at}: the server closed the connection. Check that the port belongs to PostgreSQL and whether it requires SSL (add ?sslmode=require to DATABASE_URL).`;
    case '28P01':
      return `${at}: the password for user "${user}" was refused. Check the user name and password in DATABASE_URL.`;
    case '28000':
      return `${at}: the server does not let user "${user}" in. Check the user name in DATABASE_URL and the server's pg_hba.conf.`;
    case '3D000':
      return `${at}: that database does not exist. Create it (createdb ${database}) or correct the database name in DATABASE_URL.`;
    case '42501':
      return `${at}: user "${user}" lacks a permission it needs. Grant it the right to create tables in the database, or use its owner.`;
    case '53300':
      return `${at}: the server has no free connection slots. Check max_connections and what else is connected.`;
    case '57P03':
      return `${at}: the server is starting up or shutting down. Try again in a moment.`;
    default:
      return null;
  }
}
