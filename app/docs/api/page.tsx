import type { Metadata } from 'next';
import { ApiReference } from '@/components/api-docs/api-reference';
import { openApiDocument } from '@/app/api/v37/openapi.json/document';

export const metadata: Metadata = { title: 'API reference' };

// /docs/api: the API reference, public, rendered from the same document as /api/v37/openapi.json.
export default function ApiDocsPage() {
  return <ApiReference doc={openApiDocument()} />;
}
