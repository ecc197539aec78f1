import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, Briefcase, Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type NewClient, type NewClientInput, newClientSchema } from '@shared/contracts/practice';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAddClient } from './api';
import { AutomationStep } from './automation-step';
import { BusinessStep } from './business-step';
import { IntegrationStep } from './integration-step';
import { InvoiceStep } from './invoice-step';
import { ReviewStep } from './review-step';
import { addClientSteps, firstStepOf, lastStep } from './wizard-steps';
import { type AddClientForm, addClientDefaults } from './wizard-form';

const serverFields = addClientSteps.flatMap((step) => [...step.fields]);

/** Spec practice 2.2: the five-step Add New Client wizard. */
export default function AddClientPage() {
  const user = useCurrentUser().data;
  return (
    <PageLayout title="Add New Client" subtitle="Onboard a new client to your practice">
      {user && !user.firmId ? (
        <EmptyState
          icon={Briefcase}
          title="Practice management is for accounting firms"
          description="Clients with their own workspaces are added by accounting firms. Your own customers are under Clients."
          action={
            <Button asChild variant="outline">
              <Link to="/customers">Go to Clients</Link>
            </Button>
          }
        />
      ) : (
        <AddClientWizard />
      )}
    </PageLayout>
  );
}

function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="grid grid-cols-5 gap-2" aria-label="Add client progress">
      {addClientSteps.map((item, index) => {
        const reached = index <= step;
        const done = index < step;
        return (
          <li key={item.title} aria-current={index === step ? 'step' : undefined} className="flex flex-col items-center gap-2 text-center">
            <span
              className={cn(
                'flex size-9 items-center justify-center rounded-full border-2 text-sm font-bold',
                reached ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-600',
              )}
            >
              {done ? <Check className="size-4" aria-hidden="true" /> : index + 1}
            </span>
            <span className={cn('text-xs font-medium sm:text-sm', reached ? 'text-slate-900' : 'text-slate-600')}>
              {item.title}
              {done && <span className="sr-only"> (completed)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The plan's client limit: the server's message and the way to a bigger plan. */
function PlanLimitAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p>{message}</p>
        <Link to="/settings?tab=billing" className="font-semibold text-amber-950 underline underline-offset-4">
          Go to Settings &gt; Billing
        </Link>
      </div>
    </div>
  );
}

function AddClientWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addClient = useAddClient();
  const form: AddClientForm = useForm<NewClientInput, unknown, NewClient>({
    resolver: zodResolver(newClientSchema),
    defaultValues: addClientDefaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const goTo = (next: number) => {
    setStep(Math.min(Math.max(next, 0), lastStep));
    // Focus the step title so keyboard and screen-reader users land on the new step.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const onValid = async (values: NewClient) => {
    setPlanLimit(null);
    try {
      const client = await addClient.mutateAsync(values);
      toast({ title: 'Client Added Successfully', description: `${values.businessName} has been added to your practice` });
      void navigate(`/practice/onboard-client?clientId=${encodeURIComponent(client.id)}`);
    } catch (error) {
      applyServerErrors(error, form.setError, serverFields);
      const refused = error instanceof ApiError && error.fields ? Object.keys(error.fields) : [];
      const back = firstStepOf(refused);
      if (back !== undefined) goTo(back);
      // The other 409 of this call is the plan's client limit, which names no field.
      if (error instanceof ApiError && error.status === 409 && refused.length === 0) setPlanLimit(error.message);
      toast({ title: 'Could Not Add Client', description: error instanceof Error ? error.message : 'The client could not be added', variant: 'destructive' });
    }
  };

  // Validation runs on submit only; the wizard opens the step holding the first error.
  const onInvalid = (errors: FieldErrors<NewClientInput>) => {
    const back = firstStepOf(Object.keys(errors));
    if (back !== undefined) goTo(back);
  };

  const submit = form.handleSubmit(onValid, onInvalid);
  const current = addClientSteps[step];

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <StepIndicator step={step} />
      <form
        noValidate
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        onSubmit={(event) => {
          // Enter on steps 1 to 4 moves on rather than submitting (Next does not validate).
          if (step < lastStep) {
            event.preventDefault();
            goTo(step + 1);
            return;
          }
          void submit(event);
        }}
      >
        <h2 ref={headingRef} tabIndex={-1} className="mb-6 text-xl font-semibold text-slate-900 outline-none">
          Step {step + 1} of {addClientSteps.length}: {current?.title}
        </h2>
        {planLimit && <PlanLimitAlert message={planLimit} />}
        {step === 0 && <BusinessStep form={form} />}
        {step === 1 && <InvoiceStep form={form} />}
        {step === 2 && <AutomationStep form={form} />}
        {step === 3 && <IntegrationStep form={form} />}
        {step === 4 && <ReviewStep form={form} />}

        <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-6">
          <Button type="button" variant="outline" onClick={() => goTo(step - 1)} disabled={step === 0}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          {/* Distinct keys: React must not turn the clicked Next into the submit button, which the click would then press. */}
          {step < lastStep ? (
            <Button key="next" type="button" onClick={() => goTo(step + 1)}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          ) : (
            <Button key="submit" type="submit" disabled={addClient.isPending}>
              {addClient.isPending ? 'Adding Client…' : 'Add Client to Practice'}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
