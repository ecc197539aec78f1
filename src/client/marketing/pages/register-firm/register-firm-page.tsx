import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  type FirmRegistrationInput,
  type FirmRegistrationResult,
  defaultFirmPlan,
  firmRegistrationSchema,
  firmRegistrationSteps,
} from '@shared/contracts/firms';
import { Button } from '@/components/ui/button';
import { ApiError, apiRequest } from '@/lib/api';
import { fetchCurrentUser, userQueryKey } from '@/lib/auth';
import { browserTimeZone } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { MarketingLayout } from '../../components/marketing-layout';
import { FirmStep } from './firm-step';
import { OwnerStep } from './owner-step';
import { PlanStep } from './plan-step';
import { ReviewStep } from './review-step';

type FieldName = keyof FirmRegistrationInput;
const lastStep = firmRegistrationSteps.length - 1;

const defaultValues: FirmRegistrationInput = {
  firmName: '',
  firmEmail: '',
  firmPhone: '',
  firmAddress: '',
  firmCity: '',
  firmState: '',
  firmZipCode: '',
  website: '',
  taxId: '',
  licenseNumber: '',
  specializations: [],
  ownerFirstName: '',
  ownerLastName: '',
  ownerEmail: '',
  ownerUsername: '',
  ownerPassword: '',
  confirmPassword: '',
  ownerPhone: '',
  jobTitle: '',
  ownerLicenseNumber: '',
  certifications: [],
  subscriptionPlan: defaultFirmPlan,
  agreeToTerms: false,
};

/** The step that owns a field, so an error found later can send the user back to it. */
function stepOf(field: string): number {
  const index = firmRegistrationSteps.findIndex((step) =>
    (step.fields as readonly string[]).includes(field),
  );
  return index === -1 ? lastStep : index;
}

function isField(name: string): name is FieldName {
  return name in defaultValues;
}

export default function RegisterFirmPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<FirmRegistrationInput>({
    resolver: zodResolver(firmRegistrationSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const goTo = (next: number) => {
    setStep(Math.min(Math.max(next, 0), lastStep));
    // Move focus to the step title so keyboard and screen-reader users land on the new step.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const register = useMutation({
    mutationFn: (body: FirmRegistrationInput) =>
      apiRequest<FirmRegistrationResult>('POST', '/api/accounting-firms/register', { ...body, timeZone: body.timeZone ?? browserTimeZone() }),
    // The server signed the owner in: load them and open My Practice, where a firm starts.
    onSuccess: async (result) => {
      queryClient.setQueryData(userQueryKey, await fetchCurrentUser());
      toast({
        title: 'Registration Successful!',
        description: `${result.firm.name} is registered and you are signed in. A welcome email with your sign-in details is on its way to ${result.owner.email}.`,
      });
      void navigate('/practice');
    },
    onError: (error) => {
      const fields = firmRegistrationSteps.flatMap((item) => [...item.fields]);
      applyServerErrors(error, form.setError, fields);
      // Send the user back to the first step holding a field the server refused.
      const refused = error instanceof ApiError && error.fields ? Object.keys(error.fields) : [];
      const steps = refused.filter(isField).map(stepOf);
      if (steps.length > 0) goTo(Math.min(...steps));
      toast({
        title: 'Registration Failed',
        description: error.message || 'Failed to register accounting firm',
        variant: 'destructive',
      });
    },
  });

  const next = async () => {
    const current = firmRegistrationSteps[step];
    if (!current) return;
    const valid = await form.trigger([...current.fields] as FieldName[], { shouldFocus: true });
    if (valid) goTo(step + 1);
  };

  const onInvalid = (errors: FieldErrors<FirmRegistrationInput>) => {
    const steps = Object.keys(errors).map(stepOf);
    if (steps.length > 0) goTo(Math.min(...steps));
  };

  const submit = form.handleSubmit((values) => register.mutate(values), onInvalid);
  const agreed = form.watch('agreeToTerms') === true;
  const current = firmRegistrationSteps[step];

  return (
    <MarketingLayout
      meta={{
        title: 'Register your accounting firm · Signal AR',
        description:
          'Register your accounting firm with Signal AR in four steps: firm details, owner account, plan and review. 14-day free trial.',
      }}
    >
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Register your accounting firm
        </h1>
        <p className="mt-2 text-slate-600">
          Set up your practice in four short steps. Already registered?{' '}
          <Link to="/auth" className="font-semibold text-blue-800 underline underline-offset-4">
            Sign in here
          </Link>
        </p>

        <ol className="mt-8 grid grid-cols-4 gap-2" aria-label="Registration progress">
          {firmRegistrationSteps.map((item, index) => {
            const done = index < step;
            const active = index === step;
            return (
              <li
                key={item.title}
                aria-current={active ? 'step' : undefined}
                className="flex flex-col items-center gap-2 text-center"
              >
                <span
                  className={`flex size-9 items-center justify-center rounded-full border-2 text-sm font-bold ${active ? 'border-blue-700 bg-blue-700 text-white' : done ? 'border-green-700 bg-green-700 text-white' : 'border-slate-300 bg-white text-slate-600'}`}
                >
                  {done ? <Check className="size-4" aria-hidden="true" /> : index + 1}
                </span>
                <span
                  className={`text-xs font-medium sm:text-sm ${active ? 'text-slate-900' : 'text-slate-600'}`}
                >
                  {item.title}
                  {done && <span className="sr-only"> (completed)</span>}
                </span>
              </li>
            );
          })}
        </ol>

        <form
          noValidate
          className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
          onSubmit={(event) => {
            // Enter on an early step moves on rather than submitting the whole form.
            if (step < lastStep) {
              event.preventDefault();
              void next();
              return;
            }
            void submit(event);
          }}
        >
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="mb-6 text-xl font-semibold text-slate-900 outline-none"
          >
            Step {step + 1} of {firmRegistrationSteps.length}: {current?.title}
          </h2>
          {step === 0 && <FirmStep form={form} />}
          {step === 1 && <OwnerStep form={form} />}
          {step === 2 && <PlanStep form={form} />}
          {step === 3 && <ReviewStep form={form} />}

          <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-6">
            <Button
              type="button"
              variant="outline"
              onClick={() => goTo(step - 1)}
              disabled={step === 0}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            {step < lastStep ? (
              <Button
                type="button"
                onClick={() => void next()}
                className="bg-blue-700 text-white hover:bg-blue-800"
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            ) : (
              <Button
                type="submit"
                disabled={register.isPending || !agreed}
                className="bg-blue-700 text-white hover:bg-blue-800"
              >
                {register.isPending ? 'Creating Account…' : 'Create Account'}
              </Button>
            )}
          </div>
        </form>
      </div>
    </MarketingLayout>
  );
}
