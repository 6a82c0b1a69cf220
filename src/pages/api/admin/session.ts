import { endpoint, json } from '../../../server/http';
import { currentAdmin } from '../../../auth/guard';

export const prerender = false;

/** docs/product.md GET /api/admin/session: 200 either way (README.md). */
export const GET = endpoint(async (ctx) => {
  const admin = await currentAdmin(ctx);
  return json(admin ? { authenticated: true, admin: { email: admin.email } } : { authenticated: false });
});
