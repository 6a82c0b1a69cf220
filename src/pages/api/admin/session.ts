import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { currentAdmin } from '#src/http/guards';

export const prerender = false;

/** docs/product.md GET /api/admin/session: 200 either way (README.md); the role says what the UI offers. */
export const GET = route(async (ctx) => {
  const admin = await currentAdmin(ctx);
  return json(
    admin ? { authenticated: true, admin: { email: admin.email, role: admin.role } } : { authenticated: false },
  );
});
