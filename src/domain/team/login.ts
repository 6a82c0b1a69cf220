import { z } from 'zod';
import { AdminEmailSchema } from './credentials';

/**
 * Admin sign-in (docs/product.md): email and password both required. The password is only checked for
 * presence: an admin whose password predates the length rule must still be able to sign in.
 */
export const LoginSchema = z.strictObject({
  email: AdminEmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1000),
});
