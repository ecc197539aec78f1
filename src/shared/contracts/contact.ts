import { z } from 'zod';

/** A demo or sales request from the public /demo and /contact pages. */
export const contactTopics = ['demo', 'sales'] as const;
export type ContactTopic = (typeof contactTopics)[number];

export const contactRequestSchema = z.object({
  topic: z.enum(contactTopics).default('sales'),
  name: z
    .string({ message: 'Please enter your name' })
    .trim()
    .min(2, 'Please enter your name')
    .max(120, 'Name must be at most 120 characters'),
  email: z
    .string({ message: 'Please enter a valid work email' })
    .trim()
    .toLowerCase()
    .email('Please enter a valid work email')
    .max(254),
  firm: z
    .string({ message: 'Please enter your firm or company' })
    .trim()
    .min(2, 'Please enter your firm or company')
    .max(200, 'Firm must be at most 200 characters'),
  message: z
    .string({ message: 'Please tell us a little more (at least 10 characters)' })
    .trim()
    .min(10, 'Please tell us a little more (at least 10 characters)')
    .max(4000, 'Message must be at most 4000 characters'),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequestBody = z.output<typeof contactRequestSchema>;

/** A stored request as GET /api/contact-requests returns it. */
export interface ContactRequest extends ContactRequestBody {
  id: string;
  createdAt: string;
}

/** GET /api/operator: whether the signed-in user is one of the installation's operators. */
export const operatorStatusSchema = z.object({ isOperator: z.boolean() });
export type OperatorStatus = z.infer<typeof operatorStatusSchema>;
