"""Text in and out around the rules: the strict number reader (``numbers``), JSON record files
read with bounds (``record_file``), a hand as a replay record (``deal_record``) and the command
line's progress line (``progress``). Imports only the rules core."""
