import { useRef, useState } from 'react';
import { Check, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { ONBOARDING_STEP_COUNT, type Onboarding, type OnboardingStepNumber, onboardingStepDescriptions } from '@shared/contracts/onboarding';
import { BankingStepForm } from './onboarding-banking-step';
import { BusinessInfoStepForm } from './onboarding-business-step';
import { DocumentsStepForm } from './onboarding-documents-step';
import { ReviewStep } from './onboarding-review-step';
import { ServiceStepForm } from './onboarding-service-step';
import type { DraftSaver, StepProps } from './onboarding-step-shell';

const stepForms: Record<OnboardingStepNumber, (props: StepProps) => React.ReactNode> = {
  1: BusinessInfoStepForm,
  2: ServiceStepForm,
  3: DocumentsStepForm,
  4: BankingStepForm,
  5: ReviewStep,
};

const clampStep = (step: number): OnboardingStepNumber => Math.min(Math.max(Math.trunc(step), 1), ONBOARDING_STEP_COUNT) as OnboardingStepNumber;

/** Saves what was typed on the open step, if anything; false (and a toast) when the server refused it. */
export async function keepDraft(draft: DraftSaver): Promise<boolean> {
  try {
    await draft.current?.();
    return true;
  } catch (error) {
    toast({ title: 'Your changes were not saved', description: error instanceof Error ? error.message : 'Please try again', variant: 'destructive' });
    return false;
  }
}

function StepIndicator({ onboarding, current }: { onboarding: Onboarding; current: number }) {
  return (
    <ol className="grid grid-cols-5 gap-2" aria-label="Onboarding steps">
      {onboarding.steps.map((step) => {
        const active = step.number === current;
        const done = step.status === 'completed';
        return (
          <li key={step.number} aria-current={active ? 'step' : undefined} className="flex flex-col items-center gap-2 text-center">
            <span
              className={cn(
                'flex size-9 items-center justify-center rounded-full border-2 text-sm font-bold',
                active ? 'border-blue-700 bg-blue-700 text-white' : done ? 'border-green-700 bg-green-700 text-white' : 'border-slate-300 bg-white text-slate-600',
              )}
            >
              {done && !active ? <Check className="size-4" aria-hidden="true" /> : step.number}
            </span>
            {/* On a phone the five names do not fit side by side: only the open step's heading names it. */}
            <span className={cn('sr-only text-sm font-medium sm:not-sr-only', active ? 'text-slate-900' : 'text-slate-600')}>
              {step.name}
              {done && <span className="sr-only"> (completed)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The five steps of one client's onboarding (spec 2.4). It opens where the user stopped
 * (workflow.currentStep) with what was saved; leaving a step with changes keeps them as a draft.
 */
export function OnboardingWorkflow({ clientId, onboarding, draft }: { clientId: string; onboarding: Onboarding; draft: DraftSaver }) {
  const [opened, setOpened] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const current = clampStep(opened ?? onboarding.workflow.currentStep);

  if (onboarding.workflow.status === 'completed') {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <CircleCheck className="size-10 text-green-700" aria-hidden="true" />
          <p className="text-lg font-semibold">{onboarding.client.name} has completed onboarding</p>
          <p className="text-sm text-slate-600">The client is active in your practice.</p>
          <Button asChild>
            <Link to="/practice">Back to Practice Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const open = (step: number) => {
    setOpened(clampStep(step));
    // Focus the new step's title so keyboard and screen-reader users land on it.
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const stepProps: StepProps = {
    clientId,
    onboarding,
    draft,
    onPrevious: () => {
      void keepDraft(draft).then((kept) => kept && open(current - 1));
    },
    onCompleted: () => open(current + 1),
  };
  const StepForm = stepForms[current];
  const step = onboarding.steps.find((candidate) => candidate.number === current);
  const percent = Math.round((current / ONBOARDING_STEP_COUNT) * 100);

  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="space-y-5 pt-6">
          <div className="space-y-2">
            <div className="flex justify-between text-sm">
              <span id="onboarding-progress-label" className="font-medium">
                Step {current} of {ONBOARDING_STEP_COUNT}
              </span>
              <span className="text-slate-600">{percent}% Complete</span>
            </div>
            <Progress value={percent} aria-labelledby="onboarding-progress-label" />
          </div>
          <StepIndicator onboarding={onboarding} current={current} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6">
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            {step?.name ?? `Step ${current}`}
          </h2>
          <p className="mb-6 text-sm text-slate-600">{onboardingStepDescriptions[current]}</p>
          {/* A new key per step: each step's form starts from what the server saved. */}
          <StepForm key={current} {...stepProps} />
        </CardContent>
      </Card>
    </div>
  );
}
