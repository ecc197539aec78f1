import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ImportDialog, type ImportDialogProps } from './import-dialog';

/** The 'Import' button of a list page's header, with its import dialog (generic template). */
export function ImportButton({ entity }: { entity: NonNullable<ImportDialogProps['entity']> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        Import
      </Button>
      <ImportDialog open={open} onOpenChange={setOpen} template="generic" entity={entity} />
    </>
  );
}
