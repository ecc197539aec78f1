import type { ReactNode, RefObject } from 'react';
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import type { Onboarding } from '@shared/contracts/onboarding';
import { useSaveStep } from './onboarding-api';

/** Saves the step's draft (what was typed) before the user leaves it; resolves at once when nothing changed. */
export type DraftSaver = RefObject<(() => Promise<void>) | null>;

export interface StepProps {
  clientId: string;
  onboarding: Onboarding;
  draft: DraftSaver;
  onPrevious: () => void;
  onCompleted: (onboarding: Onboarding) => void;
}

/** The saved data of step n, as the server answered it (laid over the step's defaults). */
export function savedData(onboarding: Onboarding, step: number): Record<string, unknown> {
  return onboarding.steps.find((candidate) => candidate.number === step)?.data ?? {};
}

/** Previous (disabled on step 1) and 'Complete Step & Continue', under every step's form (spec 2.4). */
export function StepFooter({ step, onPrevious, submitting, children }: { step: number; onPrevious: () => void; submitting: boolean; children?: ReactNode }) {
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t pt-6">
      <Button type="button" variant="outline" onClick={onPrevious} disabled={step === 1 || submitting}>
        <ChevronLeft aria-hidden="true" /> Previous
      </Button>
      {children ?? (
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving...' : 'Complete Step & Continue'} <ChevronRight aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

/**
 * A step's saves: `complete` checks and completes it (toast 'Step Complete' / 'Step N completed
 * successfully.', server field messages under the fields), and the draft saver keeps what was
 * typed when the user leaves the step with changes.
 */
export function useStepForm<T extends FieldValues>(
  props: StepProps,
  step: number,
  form: UseFormReturn<T, unknown, unknown>,
  fields: readonly Path<T>[],
  /** What of the typed values a draft keeps (all of them unless said). */
  toDraft: (values: T) => unknown = (values) => values,
) {
  const save = useSaveStep(props.clientId);
  const { isDirty } = form.formState;
  const { draft } = props;

  useEffect(() => {
    draft.current = async () => {
      if (!isDirty) return;
      const body = toDraft(form.getValues());
      await save.mutateAsync({ step, body: { ...(body as object), complete: false } });
    };
    return () => {
      draft.current = null;
    };
  }, [draft, isDirty, form, save, step, toDraft]);

  // Called once the form's resolver passed. What is sent is what was typed: the server parses it
  // with the same contract (the parsed values carry amounts in cents, the API takes decimals).
  return async () => {
    try {
      const onboarding = await save.mutateAsync({ step, body: { ...form.getValues(), complete: true } });
      form.reset(form.getValues());
      toast({ title: 'Step Complete', description: `Step ${step} completed successfully.` });
      props.onCompleted(onboarding);
    } catch (error) {
      applyServerErrors(error, form.setError, fields);
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'The step could not be saved', variant: 'destructive' });
    }
  };
}
