"""A family's history in and out: JSON Lines import (in the page or as a background job), export, backup and restore."""
