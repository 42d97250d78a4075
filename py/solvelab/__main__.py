from solvelab.cli import main

raise SystemExit(main())
