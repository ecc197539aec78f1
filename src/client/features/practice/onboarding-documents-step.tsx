import { type DragEvent, type FormEvent, useId, useState } from 'react';
import { CheckCircle2, FileUp, Loader2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ApiError } from '@/lib/api';
import { formatFileSize } from '@/lib/file-size';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { uploadAccept, uploadProblem } from '@shared/contracts/documents';
import { type ClientDocumentType, type OnboardingDocument, clientDocumentCatalogue, clientDocumentTypes } from '@shared/contracts/onboarding';
import { useSaveStep, useUploadClientDocument } from './onboarding-api';
import { type StepProps, StepFooter } from './onboarding-step-shell';

/** One compliance document: a drop area that is also a file picker, uploading as soon as a file is chosen. */
function DocumentUpload(props: { clientId: string; type: ClientDocumentType; uploaded: OnboardingDocument | null; refusal: string | undefined }) {
  const entry = clientDocumentCatalogue[props.type];
  const upload = useUploadClientDocument(props.clientId);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const message = problem ?? (props.uploaded ? undefined : props.refusal);

  function send(file: File | null) {
    const check = uploadProblem(file);
    setProblem(check);
    if (check || !file) return;
    upload.mutate(
      { documentType: props.type, file },
      {
        onSuccess: (document) => toast({ title: 'Document Uploaded', description: `${entry.label}: ${document.fileName}` }),
        onError: (error) => {
          setProblem(error.message);
          toast({ title: 'Upload Failed', description: error.message, variant: 'destructive' });
        },
      },
    );
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files.item(0));
  }

  return (
    <div className="flex flex-col gap-2" data-testid={`client-document-${props.type}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium" id={`${inputId}-label`}>
          {entry.label}
        </span>
        <Badge variant={entry.required ? 'destructive' : 'secondary'}>{entry.required ? 'Required' : 'Optional'}</Badge>
      </div>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700',
          dragging ? 'border-primary bg-slate-50' : props.uploaded ? 'border-green-600 bg-green-50' : 'border-slate-300 hover:border-slate-400',
          message && 'border-destructive',
        )}
      >
        {upload.isPending ? (
          <>
            <Loader2 className="size-7 animate-spin text-slate-500" aria-hidden="true" />
            <span className="text-sm">Uploading...</span>
          </>
        ) : props.uploaded ? (
          <>
            <CheckCircle2 className="size-7 text-green-700" aria-hidden="true" />
            <span className="text-sm font-medium break-all">
              Uploaded: {props.uploaded.fileName} <span className="text-slate-600">({formatFileSize(props.uploaded.fileSize)})</span>
            </span>
            <span className="text-xs text-slate-600">Drop or choose another file to replace it</span>
          </>
        ) : (
          <>
            <FileUp className="size-7 text-slate-400" aria-hidden="true" />
            <span className="text-sm font-medium">Drag and drop a file here, or click to choose one</span>
            <span className="text-xs text-slate-600">PDF, JPEG, PNG up to 10MB</span>
          </>
        )}
        <input
          id={inputId}
          type="file"
          accept={uploadAccept}
          className="sr-only"
          data-testid={`client-document-input-${props.type}`}
          aria-labelledby={`${inputId}-label`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          disabled={upload.isPending}
          onChange={(event) => {
            send(event.target.files?.item(0) ?? null);
            event.target.value = '';
          }}
        />
      </label>
      {message && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * Step 3, Document Upload: the required compliance documents, completed once the W-9 and the bank
 * statement are in. Files go up as they are chosen, so this step never has a draft to keep.
 */
export function DocumentsStepForm(props: StepProps) {
  const save = useSaveStep(props.clientId);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const onboarding = await save.mutateAsync({ step: 3, body: { complete: true } });
      setRefusals({});
      toast({ title: 'Step Complete', description: 'Step 3 completed successfully.' });
      props.onCompleted(onboarding);
    } catch (error) {
      setRefusals(error instanceof ApiError && error.fields ? error.fields : {});
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'The step could not be saved', variant: 'destructive' });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="mb-4 text-sm text-slate-600">Upload the client&apos;s compliance documents. They are stored in the client&apos;s Documents.</p>
      <div className="grid gap-6 md:grid-cols-2">
        {clientDocumentTypes.map((type) => (
          <DocumentUpload key={type} clientId={props.clientId} type={type} uploaded={props.onboarding.documents[type]} refusal={refusals[type]} />
        ))}
      </div>
      <StepFooter step={3} onPrevious={props.onPrevious} submitting={save.isPending} />
    </form>
  );
}
