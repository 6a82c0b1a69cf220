import { z } from 'zod';

/** Admin sign-in (SPEC §5): email and password both required; the email field is of email type. */
export const LoginSchema = z.strictObject({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(320)
    .pipe(z.email({ error: 'Enter a valid email address' })),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1000),
});
export type LoginInput = z.infer<typeof LoginSchema>;
