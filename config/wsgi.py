"""The WSGI entry point gunicorn serves. It defaults to the production settings, so a server started without
DJANGO_SETTINGS_MODULE cannot run with DEBUG on by accident: it asks for SECRET_KEY and ALLOWED_HOSTS instead.
(The one-command local run serves with `manage.py runserver`, on the dev settings.)"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
application = get_wsgi_application()
