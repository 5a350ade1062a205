import { createElement } from 'react';
import type { DocumentParams } from '@guildhall/contracts/bureau';
import type { AppContext } from '@server/core/context';
import { DomainError, isDomainError } from '@server/core/errors/domain-error';
import { checkerLink, qrCodeDataUrl, signatureDataUrl } from './documents/document-assets';
import { RECORD_DOCUMENT_CSS, RecordDocument } from './documents/record-document';
import { getUserDetails } from './get-user-details';
import { withCases } from './look-up-person';
import type { BureauWriteDeps } from './bureau-deps';

type Deps = Pick<AppContext, 'registry' | 'lookup' | 'documents' | 'config' | 'now'> & {
  /** Issue 14 item 5: the cases whose numbers the PDF carries. */
  bureau: BureauWriteDeps;
  log?: { error(details: object, message: string): void };
};

export interface RecordDocumentFile {
  fileName: string;
  pdf: Buffer;
}

/** 001 §9: '{type}_{robloxUsername}.pdf', kept to characters every file system and header accepts. */
export function documentFileName(type: string, robloxUsername: string): string {
  const safe = robloxUsername.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[._]+|_+$/g, '') || 'Unknown';
  return `${type}_${safe}.pdf`;
}

/** 'registration_Rose.pdf' -> 'Registration_Rose' (the PDF's title metadata). */
function documentTitle(fileName: string): string {
  const base = fileName.replace(/\.pdf$/, '');
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/**
 * 001 §2 "Printable document", §4: on an action the needed record is fetched and rendered. Here it is
 * rendered on the server (React -> HTML -> Chromium's print engine, ARCHITECTURE.md §7) into a vector
 * PDF, instead of the original's screenshot-to-PDF in the browser.
 */
export async function generateRecordDocument(deps: Deps, params: DocumentParams): Promise<RecordDocumentFile> {
  const pair = await deps.registry.findPairByDiscordId(params.discordId);
  if (!pair) throw new DomainError('not_found', 'No verified pair has this Discord ID.');
  const details = await getUserDetails(deps, { discordId: pair.discordId, robloxId: pair.robloxId });
  const infractions =
    params.type === 'infraction'
      ? await withCases(
          deps.bureau,
          (
            await Promise.all([
              deps.registry.listInfractions('Discord', pair.discordId),
              deps.registry.listInfractions('Roblox', pair.robloxId),
            ])
          ).flat(),
        )
      : [];
  const element = createElement(RecordDocument, {
    type: params.type,
    officeSubtitle: deps.config.BUREAU_OFFICE_SUBTITLE,
    officerName: deps.config.BUREAU_OFFICER_NAME,
    generatedAt: deps.now(),
    qrCodeUrl: await qrCodeDataUrl(checkerLink(deps.config.publicUrl, pair.discordId)),
    signatureUrl: signatureDataUrl(deps.config),
    details,
    infractions,
  });
  const fileName = documentFileName(params.type, details.robloxUsername);
  let pdf: Buffer;
  try {
    pdf = await deps.documents.printPdf(element, { css: RECORD_DOCUMENT_CSS, title: documentTitle(fileName) });
  } catch (error) {
    // Decision 0022: a full queue or a late print says so (503 with Retry-After, 504), not 'Failed'.
    if (isDomainError(error, 'printer_busy') || isDomainError(error, 'print_timed_out')) throw error;
    deps.log?.error({ err: error }, 'printing a record document failed');
    throw new DomainError('bureau.pdf_failed');
  }
  return { fileName, pdf };
}
