# The English pages' dates as the family reads them ("Dec 6, 2026", "7:00 PM"); Czech and Russian keep
# Django's own formats for their locale ("6. prosince 2026", "6 декабря 2026 г.").
DATE_FORMAT = "M j, Y"
TIME_FORMAT = "g:i A"
DATETIME_FORMAT = "M j, Y, g:i A T"
SHORT_DATE_FORMAT = "Y-m-d"
