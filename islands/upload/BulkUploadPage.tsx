import { PageGuard } from "../shell/PageGuard";
import { BulkUpload } from "./BulkUpload";
import "./upload.css";

/** /upload/bulk (signed-in): 'Bulk Upload Tracks' (SPEC §2). */
export default function BulkUploadPage() {
  return (
    <PageGuard require="user">
      <div className="upload-head">
        <h1>Bulk Upload Tracks</h1>
        <p className="muted">
          One track with stems? <a href="/upload">Single upload</a>
        </p>
      </div>
      <BulkUpload />
    </PageGuard>
  );
}
