import { type ChangeEvent, type DragEvent, type FormEvent, useRef, useState } from 'react';
import { FileUp, Sparkles, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type DocumentDto, type ReadableDocumentType, uploadAccept, uploadProblem } from '@shared/contracts/documents';
import { useUploadDocument } from './api';
import { formatFileSize } from '@/lib/file-size';
import { documentTypeLabels } from './document-format';

// Spec 2.12: Bill, Invoice, Receipt, W-9 Form, in this order.
const typeOptions: readonly ReadableDocumentType[] = ['bill', 'invoice', 'receipt', 'w9'];

export function UploadCard(props: { onUploaded: (document: DocumentDto) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState<ReadableDocumentType>('bill');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument(setProgress);

  function choose(next: File | null) {
    setFile(next);
    setError(next ? uploadProblem(next) : null);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files.item(0));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = uploadProblem(file);
    setError(problem);
    if (problem || !file) return;
    setProgress(0);
    upload.mutate(
      { file, documentType },
      {
        onSuccess: (document) => {
          setFile(null);
          if (inputRef.current) inputRef.current.value = '';
          props.onUploaded(document);
        },
        onError: (failure) => toast({ title: 'Upload failed', description: failure.message || 'Upload failed', variant: 'destructive' }),
        onSettled: () => setProgress(0),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Upload className="size-5" aria-hidden="true" /> Upload Document
        </CardTitle>
        <CardDescription>Upload a bill, invoice, receipt or W-9 form to read it with OCR.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <label
            htmlFor="document-file"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
              dragging ? 'border-primary bg-slate-50' : 'border-slate-300 hover:border-slate-400',
              error && 'border-destructive',
            )}
          >
            <FileUp className="size-8 text-slate-400" aria-hidden="true" />
            {file ? (
              <span className="text-sm font-medium break-all">
                {file.name} <span className="text-slate-500">({formatFileSize(file.size)})</span>
              </span>
            ) : (
              <span className="text-sm font-medium">Drag and drop a file here, or click to choose one</span>
            )}
            <span className="text-xs text-slate-500">PDF, JPEG, PNG up to 10MB</span>
            <input
              ref={inputRef}
              id="document-file"
              data-testid="document-file-input"
              type="file"
              accept={uploadAccept}
              className="sr-only"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'document-file-error' : undefined}
              onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.item(0) ?? null)}
            />
          </label>
          {error && (
            <p id="document-file-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Field label="Document Type">
            {(control) => (
              <Select value={documentType} onValueChange={(value) => setDocumentType(value as ReadableDocumentType)}>
                <SelectTrigger {...control} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {typeOptions.map((type) => (
                    <SelectItem key={type} value={type}>
                      {documentTypeLabels[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          {progress > 0 && progress < 100 && (
            <div className="space-y-1" data-testid="upload-progress">
              <div className="flex justify-between text-xs text-slate-600">
                <span id="upload-progress-label">Uploading</span>
                <span>{progress}%</span>
              </div>
              <Progress value={progress} aria-labelledby="upload-progress-label" />
            </div>
          )}
          <Button type="submit" className="w-full" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload & Process'}
          </Button>
          <p className="flex items-start gap-2 rounded-md bg-blue-50 p-3 text-xs text-blue-900">
            <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            AI OCR automatically extracts vendor names, amounts, dates and line items from your documents.
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
