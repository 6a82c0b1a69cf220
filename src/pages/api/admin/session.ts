import { endpoint, json } from '../../../server/http';
import { currentAdmin } from '../../../auth/guard';

export const prerender = false;

/** docs/product.md GET /api/admin/session: 200 either way (README.md); the role says what the UI offers. */
export const GET = endpoint(async (ctx) => {
  const admin = await currentAdmin(ctx);
  return json(
    admin ? { authenticated: true, admin: { email: admin.email, role: admin.role } } : { authenticated: false },
  );
});
