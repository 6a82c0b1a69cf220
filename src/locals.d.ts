/** What the host (src/server/host.ts) hands to every request Astro renders. */
declare namespace App {
  interface Locals {
    /** Echoed in `X-Request-Id`, in error bodies and in every log line of the request. */
    requestId?: string;
    /** The client's address after the trusted proxies (TRUST_PROXY). */
    clientAddress?: string;
    /** The policy for HTML pages of the build being served. */
    pageCsp?: string;
    /** The signed-in member of an admin page, set by its guard (src/http/pageGuards.ts); the nav reads the role. */
    admin?: import('./auth/sessions').AdminSession;
    /** A refused report form post, handed to the page that shows it again (src/pages/api/reports.ts). */
    refusedReport?: import('./domain/trust/reports').RefusedReport;
  }
}
