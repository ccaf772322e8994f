import { useMutation } from '@tanstack/react-query';
import { fileRoutes } from '@zakupki/shared/api/imports';
import { buildPath } from '@zakupki/shared/contract';
import { downloadUrl } from '../../../lib/transfer';

export { downloadRoute, downloadUrl, fileNameFromDisposition, saveBlob } from '../../../lib/transfer';

/** A stored file (upload or generated report): GET /api/files/:id after the server's access check. */
export const downloadFile = (fileId: number, fallbackName = `file-${fileId}`) =>
  downloadUrl(buildPath(fileRoutes.get.path, { id: fileId }), fallbackName);

/** Downloads a stored file on `mutate({ id, name })`; a failure becomes the usual error notice. */
export const useFileDownload = () =>
  useMutation({
    mutationFn: ({ id, name }: { id: number; name?: string | null }) => downloadFile(id, name ?? undefined),
  });
