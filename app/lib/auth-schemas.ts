import { z } from "zod";

export const LoginSchema = z.object({
  username: z
    .string({ required_error: "Enter your username" })
    .trim()
    .min(1, "Enter your username")
    .max(200),
  password: z
    .string({ required_error: "Enter your password" })
    .min(1, "Enter your password")
    .max(500),
  redirectTo: z.string().optional(),
});

export const RegisterSchema = z.object({
  first_name: z
    .string({ required_error: "Enter your first name" })
    .trim()
    .min(1, "Enter your first name")
    .max(100),
  last_name: z
    .string({ required_error: "Enter your last name" })
    .trim()
    .min(1, "Enter your last name")
    .max(100),
  email: z
    .string({ required_error: "Enter your email address" })
    .trim()
    .email("Enter a valid email address")
    .max(254),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, "Enter a valid phone number")
    .optional(),
  password: z
    .string({ required_error: "Choose a password" })
    .min(8, "Use at least 8 characters")
    .max(500),
});

export const NewPasswordSchema = z.object({
  password: z
    .string({ required_error: "Enter a new password" })
    .min(1, "Enter a new password")
    .max(500),
});
