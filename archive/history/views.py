"""The import page: a small file is imported at once; a large one by a background job whose
progress and result the page shows (leave it and come back: the page lists the latest jobs)."""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import JsonResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext as _

from archive.history import imports, services
from archive.history.export import history_export as export_lines
from archive.history.forms import ImportForm
from archive.history.models import ImportJob
from archive.history.selectors import bad_line_words, import_job_progress, recent_import_jobs
from archive.people.access import family_for, require_edit
from archive.people.views import _base, _errors_of


@login_required
def history_import(request, slug):
    family, role = family_for(request.user, slug)
    require_edit(role)
    result, status = None, 200
    # bound on any POST: one sent without its file is told so (an empty POST would leave the form unbound, silent)
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if request.method == "POST":
        if form.is_valid():
            upload = form.cleaned_data["file"]
            if upload.size > settings.IMPORT_INLINE_MAX_BYTES:
                upload.seek(0)
                job = services.import_start(family=family, by=request.user, upload=upload, name=upload.name)
                return redirect(reverse("history_import", args=[family.slug]) + f"?job={job.pk}")
            raw = upload.read()
            try:
                raw.decode("utf-8")
            except UnicodeDecodeError:
                form.add_error("file", _("The file is not UTF-8 text; export it again as JSON Lines."))
                status = 400
            else:
                try:
                    result = imports.history_import(family=family, lines=raw.splitlines(), by=request.user)
                except ValidationError as exc:
                    form.add_error(None, _errors_of(exc))
                    status = 400
                else:
                    status = 400 if result["error_count"] else 200
                    result["bad_line_words"] = bad_line_words(result["bad_lines"])
        else:
            status = 400
    jobs = [import_job_progress(j) for j in recent_import_jobs(family=family)]
    shown = None
    wanted = request.GET.get("job", "")
    if wanted.isdigit():
        job = ImportJob.objects.filter(pk=int(wanted), family=family).first()
        if job is not None:
            shown = import_job_progress(job)
            shown["bad_line_words"] = bad_line_words(shown.get("bad_lines"))
    elif jobs and jobs[0]["state"] in (ImportJob.State.QUEUED, ImportJob.State.RUNNING):
        shown = jobs[0]  # the page was left while a job ran: show it again
    for j in jobs:
        j["url"] = reverse("history_import_job", args=[family.slug, j["id"]])
    if shown is not None:
        shown["url"] = reverse("history_import_job", args=[family.slug, shown["id"]])
    return render(
        request,
        "archive/import.html",
        _base(request, family, role, form=form, result=result, job=shown, jobs=jobs),
        status=status,
    )


@login_required
def history_import_job(request, slug, pk):
    """A background import's progress and result, as JSON (the page polls it)."""
    family, role = family_for(request.user, slug)
    require_edit(role)
    job = get_object_or_404(ImportJob, pk=pk, family=family)
    return JsonResponse(import_job_progress(job))


@login_required
def history_export(request, slug):
    family, role = family_for(request.user, slug)
    response = StreamingHttpResponse(export_lines(family=family), content_type="application/jsonl")
    stamp = dj_timezone.now().strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="{family.slug}-{stamp}.jsonl"'
    return response
