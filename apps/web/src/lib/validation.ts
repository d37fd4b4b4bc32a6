// Form schemas with the spec §5 messages. Kept web-side until @evenly/core exports its own.
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 6;
const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long.';
const PASSWORDS_DIFFER = 'Passwords do not match.';

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email and password.'),
  password: z.string().min(1, 'Please enter your email and password.'),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: z.string().trim().min(1, 'Please enter your name.'),
    email: z.string().trim().min(1, 'Please enter a valid email address.'),
    password: z
      .string()
      .min(1, 'Please enter a password.')
      .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type RegisterValues = z.infer<typeof registerSchema>;

export const newPasswordSchema = z
  .object({
    password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.'),
    password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const emailSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email address.'),
});
export type EmailValues = z.infer<typeof emailSchema>;

export function validateGroupName(name: string): string | null {
  return name.trim() ? null : 'Group name cannot be empty.';
}

export function validateMemberEmail(email: string): string | null {
  const trimmed = email.trim();
  return trimmed && trimmed.includes('@') ? null : 'Please enter a valid email address.';
}

export function isNumericId(id: string | undefined): id is string {
  return id !== undefined && /^[1-9][0-9]{0,15}$/.test(id);
}
