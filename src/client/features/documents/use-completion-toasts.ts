import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import type { DocumentDto } from '@shared/contracts/documents';

/**
 * Announces documents the user is watching (uploaded here, or seen pending or processing) when
 * their reading finishes: 'AI processing complete' with the vendor and confidence (spec 8).
 */
export function useCompletionToasts(documents: readonly DocumentDto[] | undefined) {
  const watched = useRef(new Set<string>());

  useEffect(() => {
    for (const document of documents ?? []) {
      if (document.ocrStatus === 'pending' || document.ocrStatus === 'processing') {
        watched.current.add(document.id);
        continue;
      }
      if (!watched.current.has(document.id)) continue;
      watched.current.delete(document.id);
      if (document.ocrStatus === 'completed') {
        const vendor = document.extractedData?.vendor.name ?? 'Unknown vendor';
        const confidence = Math.round((document.extractedData?.confidence ?? 0) * 100);
        toast({ title: 'AI processing complete', description: `Data extracted from ${vendor} with ${confidence}% confidence` });
      } else {
        toast({ title: 'Processing failed', description: document.processingError ?? 'The document could not be read', variant: 'destructive' });
      }
    }
  }, [documents]);

  return { watch: (documentId: string) => watched.current.add(documentId) };
}
