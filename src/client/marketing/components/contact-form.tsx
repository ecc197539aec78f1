import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  type ContactTopic,
  type ContactRequestInput,
  contactRequestSchema,
} from '@shared/contracts/contact';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, apiRequest } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';

/** The short demo/sales form: validated with the shared contract, posted to POST /api/contact. */
export function ContactForm({ topic, submitLabel }: { topic: ContactTopic; submitLabel: string }) {
  const form = useForm<ContactRequestInput>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { topic, name: '', email: '', firm: '', message: '' },
  });
  const send = useMutation({
    mutationFn: (body: ContactRequestInput) => apiRequest('POST', '/api/contact', body),
    onError: (error) =>
      applyServerErrors(error, form.setError, ['topic', 'name', 'email', 'firm', 'message']),
  });

  if (send.isSuccess) {
    return (
      <div
        role="status"
        className="rounded-xl border border-green-200 bg-green-50 p-6 text-green-900"
      >
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          Thank you, we have your request
        </p>
        <p className="mt-2 text-sm">
          {topic === 'demo'
            ? 'A product specialist will email you within one business day to book your demo.'
            : 'Our sales team will reply by email within one business day.'}
        </p>
      </div>
    );
  }

  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Your name" error={errors.name?.message} required>
          <Input autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label="Work email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
      </div>
      <Field label="Firm or company" error={errors.firm?.message} required>
        <Input autoComplete="organization" {...form.register('firm')} />
      </Field>
      <Field
        label={topic === 'demo' ? 'What would you like to see?' : 'How can we help?'}
        error={errors.message?.message}
        required
      >
        <Textarea rows={5} {...form.register('message')} />
      </Field>
      {send.isError && !(send.error instanceof ApiError && send.error.fields) && (
        <p role="alert" className="text-sm text-red-700">
          {send.error.message || 'Something went wrong. Please try again.'}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={send.isPending}
        className="bg-blue-700 hover:bg-blue-800 sm:justify-self-start"
      >
        {send.isPending ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}
