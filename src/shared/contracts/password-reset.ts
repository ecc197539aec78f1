import { z } from 'zod';
import { passwordChangeSchema } from './settings';

/** The one answer to a reset request, whether or not an account has that email. */
export const PASSWORD_RESET_REQUESTED = "If an account exists for that email, we've sent a link to reset the password.";
export const PASSWORD_RESET_INVALID = 'This reset link is invalid or has expired. Request a new one.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. Sign in with your new password.';

/** POST /api/password-reset. */
export const passwordResetRequestSchema = z.object({
  email: z.string({ message: 'Please enter a valid email address' }).trim().toLowerCase().email('Please enter a valid email address').max(254),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/password-reset/confirm: the new password follows the password-change rules. */
export const passwordResetConfirmSchema = z
  .object({
    token: z.string({ message: PASSWORD_RESET_INVALID }).min(1, PASSWORD_RESET_INVALID).max(200, PASSWORD_RESET_INVALID),
    password: passwordChangeSchema.shape.newPassword,
    confirmPassword: z.string({ message: 'Passwords do not match' }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

export const passwordResetAnswerSchema = z.object({ message: z.string() });
